/**
 * E-mailed tokens and OAuth codes work once. React may mount a page twice in
 * development, so the call for one key is made once and its promise shared.
 */
const pending = new Map<string, Promise<unknown>>();

export function oncePerKey<T>(key: string, run: () => Promise<T>): Promise<T> {
  let promise = pending.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = run();
    pending.set(key, promise);
  }
  return promise;
}
