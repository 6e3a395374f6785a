// When to go on: in a new task after the browser has handled input and painted, or
// after the next frame. Scheduling, not DOM: the runtime (which yields before a long
// answer) and the views share it, and neither layer reaches into the other for it.

/** @typedef {{ yield?: () => Promise<void> }} Scheduler The Prioritized Task Scheduling API, where the browser has it. */

/**
 * Resolve in a new task, letting the browser handle input and paint first.
 * @returns {Promise<void>}
 */
export function yieldToBrowser() {
  const { scheduler } = /** @type {{ scheduler?: Scheduler }} */ (globalThis);
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Resolve in a task after the next frame is rendered, so what is added then is laid
 * out in a frame of its own. A hidden tab renders no frames: then after 100 ms.
 * @returns {Promise<void>}
 */
export function afterNextFrame() {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      yieldToBrowser().then(resolve);
    };
    const timer = setTimeout(go, 100);
    requestAnimationFrame(go);
  });
}
