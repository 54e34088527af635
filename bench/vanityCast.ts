/**
 * Foundry's cast as the baseline of the vanity benches (bench/vanity.bench.ts,
 * bench/vanity-browser.ts): its CREATE2-salt and vanity-key rates per CPU-second, from the
 * expected attempts of random prefixes (16^n each) over the CPU time of many trials, as
 * bash's `times` reports it for the child (cast prints no attempt count; ±1/√trials).
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

export const castBin = [join(import.meta.dirname, '..', 'node_modules', '@foundry-rs', 'cast-linux-amd64', 'bin', 'cast'), join(import.meta.dirname, '..', 'node_modules', '.bin', 'cast')].find(existsSync)
const execFileAsync = promisify(execFile)

/** CPU and wall seconds of one cast run, from bash's `times` (children's user and system time). */
async function timeCast(args: string[]): Promise<{ cpu: number; wall: number }> {
  const quoted = [castBin!, ...args].map((a) => `'${a}'`).join(' ')
  const t0 = performance.now()
  const { stdout } = await execFileAsync('bash', ['-c', `${quoted} > /dev/null; times`], { env: { ...process.env, NO_COLOR: '1' } })
  const wall = (performance.now() - t0) / 1000
  const lines = stdout.trim().split('\n')
  const secs = (s: string) => [...s.matchAll(/(\d+)m([\d.]+)s/g)].reduce((a, m) => a + Number(m[1]) * 60 + Number(m[2]), 0)
  return { cpu: secs(lines[lines.length - 1] ?? ''), wall }
}

const nibbles = (n: number) => randomBytes(8).toString('hex').slice(0, n)

/** cast's rate: trials × 16^n expected attempts over the CPU time of the trials, run one after another. */
export async function castRate(kind: 'create2' | 'vanity', trials: number, j: number): Promise<{ perCpu: number; wall: number; trials: number }> {
  let cpu = 0
  let wall = 0
  const n = kind === 'create2' ? 5 : 4
  for (let i = 0; i < trials; i++) {
    const args = kind === 'create2' ? ['create2', '--starts-with', `0x${nibbles(n)}`, '--init-code-hash', `0x${'ab'.repeat(32)}`, '-j', String(j)] : ['wallet', 'vanity', '--starts-with', nibbles(n), '-j', String(j)]
    const t = await timeCast(args)
    cpu += t.cpu
    wall += t.wall
  }
  return { perCpu: (trials * 16 ** n) / cpu, wall: (trials * 16 ** n) / wall, trials }
}

