// What the score sheet says about keeping its games on the device (sheet/store.js):
// saving refused or working again, a game changed in another tab, data kept aside,
// in Bulgarian and English. Loaded with the score sheet, so an article without one
// never downloads them; the sheet hands them on as `s.store`.

export const STORE_WORDS = Object.freeze({
  bg: Object.freeze({
    blocked:
      "Играта не може да се запази на това устройство: браузърът не позволява на сайта да пази данни (вероятно данните на сайтовете са блокирани). Листът работи, докато страницата е отворена, но при презареждане или затваряне играта ще се загуби.",
    full: "Играта не може да се запази на това устройство: паметта на браузъра за този сайт е пълна. Засега играта е само в тази страница. Освободете място (например изтрийте стари игри): при следващата промяна записът се опитва пак.",
    failed:
      "Играта не може да се запази на това устройство: браузърът отказа записа. Засега играта е само в тази страница; при следващата промяна записът се опитва пак.",
    savedAgain: "Играта отново се запазва на това устройство.",
    otherTab: "Тази игра е променена в друг раздел на браузъра; тук е показана такава, каквато е сега.",
    notJoined:
      "Тази игра беше променена по същото време в друг раздел. Промените от двата раздела са събрани в една игра, но {count} от вашите вече не можеха да се приложат (например раздаването беше изтрито там) и не са записани.",
    deletedElsewhere: "Играта от {date}, която беше отворена тук, е изтрита в друг раздел.",
    editStopped: "Раздаване {n}, което променяхте, междувременно е променено в друг раздел. Вашата промяна не е записана.",
    otherVersion:
      "Играта вече НЕ СЕ ЗАПАЗВА: друга версия на калкулатора (в друг раздел) пое игрите на това устройство и този раздел спря да записва, за да не ги развали. Играта остава на екрана: презаредете страницата, за да продължите с новата версия, или първо свалете резервно копие от „Игри на това устройство“.",
    storeDeleted:
      "Играта вече НЕ СЕ ЗАПАЗВА: запазените игри на това устройство бяха изтрити (от друга страница или от настройките на браузъра). Играта остава на екрана: свалете резервно копие от „Игри на това устройство“ или презаредете страницата, за да започне записът отначало.",
    namesCut:
      "Име на отбор в запазена игра беше по-дълго от {max} знака и е съкратено; играта, каквато беше, е оставена настрана на това устройство и можете да я изтеглите.",
    moreNotices: "… и още {count} по-ранни съобщения.",
    notSaved: "не се запазва",
  }),
  en: Object.freeze({
    blocked:
      "The game cannot be saved on this device: the browser does not let this site keep data (site data is probably blocked). The sheet works while this page is open, but the game will be lost on reload or when the page is closed.",
    full: "The game cannot be saved on this device: the browser's storage for this site is full. For now the game is only in this page. Free some space (delete old games, for instance): the next change tries to save again.",
    failed:
      "The game cannot be saved on this device: the browser refused to save it. For now the game is only in this page; the next change tries to save again.",
    savedAgain: "The game is saved on this device again.",
    otherTab: "This game was changed in another browser tab; it is shown here as it is now.",
    notJoined:
      "This game was changed in another tab at the same time. Both tabs' changes are joined in one game, but {count} of yours no longer fitted (a deal deleted there, for instance) and were not saved.",
    deletedElsewhere: "The game of {date}, which was open here, was deleted in another tab.",
    editStopped: "Deal {n}, which you were editing, was changed in another tab meanwhile. Your edit was not saved.",
    otherVersion:
      "The game is NOT BEING SAVED any more: another version of the calculator (in another tab) took over the games on this device, and this tab stopped saving so as not to damage them. The game stays on screen: reload the page to go on with the new version, or first download a backup under “Games on this device”.",
    storeDeleted:
      "The game is NOT BEING SAVED any more: the games saved on this device were deleted (by another page or in the browser's settings). The game stays on screen: download a backup under “Games on this device”, or reload the page to start saving again.",
    namesCut:
      "A team name in a saved game was longer than {max} characters and was shortened; the game as it was is kept aside on this device, and you can download it.",
    moreNotices: "… and {count} earlier messages.",
    notSaved: "not saved",
  }),
});
