/**
 * The command lines of the GPU miners people run for what the page searches in the browser:
 * profanity2 for vanity keys (split key: it gets only the seed's public key, `-z`), createXcrunch
 * for CreateX salts, create2crunch for CREATE2 salts of other factories. Each is built from the
 * checked pattern and setup, exactly as the miner's own documentation writes it; where a miner
 * cannot express the choice (a substring, a checksum case, another factory), the answer says so
 * instead of giving a command that would search for something else. Whatever a miner returns is
 * checked again in the page (the salt check, the split-key check) before it is shown.
 *
 * Sources: profanity2's README and `--help` (1inch/profanity2), createXcrunch's `cli.rs`
 * (HrikB/createXcrunch), create2crunch's README and kernel (0age/create2crunch).
 *
 * @example
 * ```ts
 * GpuMiners.profanity2(Vanity.parse({ mode: 'prefix', prefix: 'dead' }), 'address', pub)
 * // { ok: true, miner: 'profanity2', line: './profanity2.x64 --matching dead -z <pub>', note: … }
 * ```
 */
import type * as Create2Salt from './Create2Salt'
import type * as Vanity from './Vanity'

/** A miner's command line, or why the miner cannot search for this. */
export type Command = { ok: true; miner: Miner; line: string; note: string } | { ok: false; miner: Miner; reason: string }

export type Miner = 'profanity2' | 'createXcrunch' | 'create2crunch'

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`
/** createXcrunch reads the chain id as a u64. */
const U64_MAX = 2n ** 64n - 1n

/** Why no miner here can search for a pattern (null: one can). */
function inexpressible(pattern: Vanity.Pattern, miner: Miner): string | null {
  if (pattern.matchCase) return `${miner} compares hex digits without their case: it cannot search for an EIP-55 checksum case. Untick the case match, or search in the page.`
  if (pattern.mode === 'contains') return `${miner} matches fixed positions only: it cannot search for digits anywhere in the address. Use "Starts with" or "Ends with", or search in the page.`
  return null
}

/** The 40-digit mask both profanity2 and createXcrunch take: fixed digits, X elsewhere (lower case: the miners match without case). */
export function mask(pattern: Vanity.Pattern): string {
  const fixed = pattern.prefix.length + pattern.suffix.length
  return `${pattern.prefix}${'X'.repeat(40 - fixed)}${pattern.suffix}`.replace(/[A-F]/g, (c) => c.toLowerCase())
}

/**
 * profanity2 for a vanity key, searched from the seed public key `publicKey` (128 hex digits):
 * `--matching` for a prefix (anchored at the start), a suffix or both (40 digits, X between);
 * `--leading 0` for leading zero bytes (it prints ever longer runs of zeros: N bytes are 2N
 * digits); `--contract` for the first contract's address.
 */
export function profanity2(pattern: Vanity.Pattern, target: Vanity.Target, publicKey: string): Command {
  const no = inexpressible(pattern, 'profanity2')
  if (no) return { ok: false, miner: 'profanity2', reason: no }
  const contract = target === 'create' ? ' --contract' : ''
  if (pattern.mode === 'zeros')
    return {
      ok: true,
      miner: 'profanity2',
      line: `./profanity2.x64${contract} --leading 0 -z ${publicKey}`,
      note: `It prints better and better results; stop it at one whose score is ${2 * pattern.zeroBytes} or more (${pattern.zeroBytes} zero bytes are ${2 * pattern.zeroBytes} zero digits).`,
    }
  const matching = pattern.mode === 'prefix' ? pattern.prefix.toLowerCase() : mask(pattern)
  const digits = pattern.prefix.length + pattern.suffix.length
  return {
    ok: true,
    miner: 'profanity2',
    line: `./profanity2.x64${contract} --matching ${matching} -z ${publicKey}`,
    note: `It prints better and better partial matches; the one to paste has score ${digits} (every fixed digit).`,
  }
}

/**
 * createXcrunch (`create2` subcommand) for CreateX's deployCreate2: the caller (permissioned
 * salt), the chain id (cross-chain protection), the init code hash, the GPU, and `--matching`
 * (40 digits) or `--leading` (zero bytes). Other factories: not createXcrunch's.
 */
export function createXcrunch(setup: Create2Salt.Setup, pattern: Vanity.Pattern, gpu: number): Command {
  const miner = 'createXcrunch'
  if (setup.convention !== 'createx') return { ok: false, miner, reason: 'createXcrunch mines salts for CreateX only (its salt guard); choose CreateX, or use create2crunch.' }
  const no = inexpressible(pattern, miner)
  if (no) return { ok: false, miner, reason: no }
  if (setup.chainId !== null && setup.chainId > U64_MAX) return { ok: false, miner, reason: 'createXcrunch takes the chain id as a 64-bit number; this one is larger.' }
  const parts = ['./target/release/createxcrunch create2', `--factory ${setup.factory}`]
  if (setup.caller) parts.push(`--caller ${setup.caller}`)
  if (setup.chainId !== null) parts.push(`--crosschain ${setup.chainId}`)
  parts.push(`--code-hash ${setup.initCodeHash}`, `--gpu-device-id ${gpu}`)
  parts.push(pattern.mode === 'zeros' ? `--leading ${pattern.zeroBytes}` : `--matching ${mask(pattern)}`)
  return { ok: true, miner, line: parts.join(' '), note: 'It writes each salt it finds to output.txt; check one here ("Check a salt") before you deploy with it.' }
}

/**
 * create2crunch for the deterministic deployment proxy, the ImmutableCreate2Factory and any
 * other plain CREATE2 deployer: factory, caller (its salts start with it: the ImmutableCreate2Factory's
 * caller, else the zero address, which the proxy ignores), init code hash, GPU, leading zero
 * bytes, and 255 for the total-zero-bytes threshold (off: it returns addresses with either many
 * leading or many total zero bytes otherwise). It searches zero bytes only.
 */
export function create2crunch(setup: Create2Salt.Setup, pattern: Vanity.Pattern, gpu: number): Command {
  const miner = 'create2crunch'
  if (setup.convention === 'createx') return { ok: false, miner, reason: 'create2crunch does not apply CreateX’s salt guard: its salts would give other addresses there. Use createXcrunch.' }
  if (pattern.mode !== 'zeros') return { ok: false, miner, reason: 'create2crunch searches for leading (or total) zero bytes only. Choose "Most leading zero bytes", or search in the page.' }
  const caller = setup.convention === 'immutable' && setup.caller ? setup.caller : ZERO_ADDRESS
  return {
    ok: true,
    miner,
    line: `cargo run --release ${setup.factory} ${caller} ${setup.initCodeHash} ${gpu} ${pattern.zeroBytes} 255`,
    note: 'Run in its checkout (github.com/0age/create2crunch). It appends each salt to efficient_addresses.txt; check one here ("Check a salt") before you deploy with it.',
  }
}

/** The salt miners' commands for a setup and pattern, in the order shown. */
export function forSalt(setup: Create2Salt.Setup, pattern: Vanity.Pattern, gpu: number): Command[] {
  return [createXcrunch(setup, pattern, gpu), create2crunch(setup, pattern, gpu)]
}
