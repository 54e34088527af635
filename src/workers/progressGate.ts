/**
 * Which progress reports a worker passes on to the page: at most one per `intervalMs`, except
 * the last (fraction 1) and a change of step. A step is the label with its numbers masked, so
 * "12 MiB of 256 MiB" and "14 MiB of 256 MiB" are one step (a counter that changes with every
 * chunk must not defeat the limit: each report is a frame the page renders, on a core the
 * work needs), while "deriving the key" → "MAC verified; decrypting" is a new one, always shown.
 *
 * @example
 * ```ts
 * const pass = progressGate(50)
 * pass(0, 0.1, '1 MiB of 2 MiB') // true
 * pass(10, 0.2, '2 MiB of 2 MiB') // false: same step, 10 ms later
 * ```
 */
export function progressGate(intervalMs: number): (now: number, fraction: number, label?: string) => boolean {
  let last = -Infinity
  let lastStep: string | undefined
  return (now, fraction, label) => {
    const step = label?.replace(/\d[\d.,]*/g, '#')
    if (now - last < intervalMs && fraction < 1 && step === lastStep) return false
    last = now
    lastStep = step
    return true
  }
}
