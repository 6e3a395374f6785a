// A module Web Worker that reads one file the player picked (files/file-read.js), so that
// a stranger's file — 5 MB of brackets, a backup of a thousand games — is read, counted
// and parsed off the page's thread: the page stays answering while it is read, and gets
// back only what it needs. Started for a file and ended with its answer (sheet/files.js
// readFile). Protocol: page → worker {file} (a File: structured-cloneable, not copied);
// worker → page the answer of readPicked.

import { readPicked } from "./file-read.js";

self.addEventListener("message", async (event) => {
  const { data } = /** @type {MessageEvent<{ file: File }>} */ (event); // the page posts {file}
  let answer;
  try {
    answer = await readPicked(data.file);
  } catch {
    answer = { refused: "notJson", params: {} };
  }
  self.postMessage(answer);
});
