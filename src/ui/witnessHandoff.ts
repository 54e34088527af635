/**
 * Hands a packed witness (issue #26) from the send confirmation to /qr-request in memory,
 * never the URL or storage: the transaction's fields go by `handOff`, the witness (its bytes,
 * the call it simulated and the report) here. Taken once (peeked while the page mounts, cleared after); /qr-request shows it only beside a
 * sign request that asks for the very call the witness simulated.
 */
let held: unknown

export function handOffWitness(packed: unknown): void {
  held = packed
}

/** The witness handed over (undefined when none was, or after `clearWitness`). */
export function peekWitness(): unknown {
  return held
}

/** Drops the witness handed over: the page that took it holds it now. */
export function clearWitness(): void {
  held = undefined
}
