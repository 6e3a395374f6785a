// What the score sheet says about keeping the games on this device (sheet/persistence.js,
// sheet/keep-view.js): whether the browser keeps them, the word about the Home Screen,
// backing up every game and bringing a backup back, and the games cleared by the browser,
// in Bulgarian and English. Loaded with the score sheet; the sheet hands them on as
// `s.keep`.

export const KEEP_WORDS = Object.freeze({
  bg: Object.freeze({
    persisted: "Браузърът пази тези игри на това устройство и няма да ги изтрие сам.",
    best_effort: "Браузърът може да изтрие тези игри, ако му трябва място или ако сайтът дълго не е отварян. Пазете резервно копие.",
    asking: "Браузърът пита дали да пази тези игри на това устройство: разрешете, за да не ги изтрие сам.",
    unsupported: "Този браузър не казва дали ще пази тези игри: може да ги изтрие. Пазете резервно копие.",
    not_saved: "Игрите не се запазват на това устройство.",
    lastBackup: "Последно резервно копие: {date}.",
    noBackup: "Още няма резервно копие.",
    backUp: "Запази резервно копие на всички игри",
    backedUp: "Резервното копие е изтеглено: „{file}“. Пазете го извън браузъра.",
    restore: "Върни игрите от резервно копие",
    installTitle: "Игрите в Safari",
    install:
      "Safari изтрива запазеното от сайт, който не е отварян 7 дни. Добавете калкулатора към началния екран (от бутона „Сподели“ в Safari) и игрите ще се пазят.",
    remindTitle: "Резервно копие",
    remind:
      "Игри, които не са в резервно копие: {count}. Резервното копие е един файл с всички игри: пазете го извън браузъра (например изпратете го на себе си).",
    clearedTitle: "Игрите ги няма",
    cleared:
      "Браузърът е изтрил игрите, запазени на това устройство, докато калкулаторът беше затворен (запазени игри: {count}; последен запис: {saved}). Върнете ги от резервно копие или отворете връзката на игра, която сте изпратили на друг телефон.",
    clearedUndated:
      "Браузърът е изтрил игрите, запазени на това устройство, докато калкулаторът беше затворен (запазени игри: {count}). Върнете ги от резервно копие или отворете връзката на игра, която сте изпратили на друг телефон.",
    clearedBackup: "Последното резервно копие е от {date}.",
    games: { one: "{count} игра", other: "{count} игри" },
    link: "Връзка към игра",
    openLink: "Отвори връзката",
    notALink: "Това не е връзка към игра от калкулатора.",
    startAfresh: "Започни на чисто",
    gotIt: "Разбрах",
    notNow: "Не сега",
    restored: "Резервното копие „{file}“ е внесено. Добавени игри: {added}; вече бяха тук: {same}.",
    backupSomeRefused: "Игри от „{file}“, които калкулаторът не прие и не са добавени: {count}. {reason}",
    backupNewer: "„{file}“ е резервно копие от по-нова версия на калкулатора. Презаредете страницата и опитайте пак. Нищо не е променено.",
    backupUnreadable: "„{file}“ не е резервно копие, което калкулаторът може да прочете. Нищо не е променено.",
  }),
  en: Object.freeze({
    persisted: "Kept on this device: the browser will not clear these games on its own.",
    best_effort: "The browser may clear these games if it needs room, or if the site is not opened for a while. Keep a backup.",
    asking: "The browser is asking whether to keep these games on this device: allow it, so that it does not clear them on its own.",
    unsupported: "This browser does not say whether it will keep these games: it may clear them. Keep a backup.",
    not_saved: "These games are not saved on this device.",
    lastBackup: "Last backup: {date}.",
    noBackup: "No backup yet.",
    backUp: "Back up all games",
    backedUp: "Backup downloaded: “{file}”. Keep it outside the browser.",
    restore: "Restore games from a backup",
    installTitle: "Games in Safari",
    install:
      "Safari deletes what a site saved when the site is not opened for 7 days. Add the calculator to your Home Screen (Share → Add to Home Screen) and the games are kept.",
    remindTitle: "Backup",
    remind:
      "Games not in a backup: {count}. A backup is one file with every game: keep it outside the browser (send it to yourself, for instance).",
    clearedTitle: "The games are gone",
    cleared:
      "The browser cleared the games saved on this device while the calculator was closed ({games}, last saved on {saved}). Restore them from a backup, or open the link of a game you sent to another phone.",
    clearedUndated:
      "The browser cleared the games saved on this device while the calculator was closed ({games}). Restore them from a backup, or open the link of a game you sent to another phone.",
    games: { one: "{count} game", other: "{count} games" },
    clearedBackup: "Your last backup is from {date}.",
    link: "A game’s link",
    openLink: "Open the link",
    notALink: "That is not a link to a game from the calculator.",
    startAfresh: "Start afresh",
    gotIt: "Got it",
    notNow: "Not now",
    restored: "The backup “{file}” is restored. Games added: {added}; already here: {same}.",
    backupSomeRefused: "Games in “{file}” the calculator refused, not added: {count}. {reason}",
    backupNewer: "“{file}” is a backup from a newer version of the calculator. Reload the page and try again. Nothing was changed.",
    backupUnreadable: "“{file}” is not a backup the calculator can read. Nothing was changed.",
  }),
});
