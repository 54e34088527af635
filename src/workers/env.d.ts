// Ambient declarations shared by core (which has no DOM types) and workers.
// `crypto.getRandomValues` is the only source of randomness: available in browsers, workers and Node >= 19.
declare global {
  var crypto: { getRandomValues<T extends ArrayBufferView | null>(array: T): T }
}
export {}
