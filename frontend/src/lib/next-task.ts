/**
 * Lets the browser paint and answer input before the next step of starting the app: each step is
 * a task of its own, none long enough to keep a phone's main thread from a tap for long. A
 * message, not a timer: timers wait up to a second in a background tab (and stand still under a
 * test's clock).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
