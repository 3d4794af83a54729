/**
 * Reads the public content and availability versions (one query for both) for requests, at most one query at a time. A request never
 * takes its answer from a read that began before it arrived (that read could predate a write the
 * visitor has just seen committed), so it waits for the next read; every request then waiting
 * shares that one. Under load this costs one database round trip per batch, not per request.
 */
export function batchedVersionCheck<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;

  const start = (): Promise<T> => {
    const current = read().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };

  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return running ?? start();
      });
    return next;
  };
}
