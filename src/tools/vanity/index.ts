import * as GpuMiners from '../../core/address/GpuMiners'
import * as Vanity from '../../core/address/Vanity'
import type { KeyHit } from '../../core/address/VanityMiner'
import { BaseError } from '../../core/Errors'
import * as Key from '../../core/keys/Key'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'
import * as SplitKey from '../../core/address/SplitKey'
import { defineTool, errorCollector } from '../define'
import { privateKey } from '../kit/fields'
import { parsePattern, planRows } from '../kit/vanityPattern'
import type { Parsed, RawInput, Row, ToolAction, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  action: 'mine' | 'check' | 'split'
  pattern: Vanity.Pattern
  target: Vanity.Target
  key?: `0x${string}`
  /** For `split`: the seed the page keeps, and what the miner printed. */
  split?: { seed: Key.PrivateKey; output: SplitKey.MinerOutput }
}

/** What the vanity page reads from a result. */
export type VanityData =
  | { kind: 'plan'; pattern: Vanity.Pattern; target: Vanity.Target }
  | { kind: 'check'; address: string; matched: string; ok: boolean }
  | { kind: 'split'; address: string; matched: string; privateKey: Key.PrivateKey }

const ACTIONS = ['mine', 'check', 'split'] as const

/** The seed the page keeps (its own field, set by the page), and the miner's output. */
function parseSplit(raw: RawInput, at: ReturnType<typeof errorCollector>['at']): Input['split'] {
  const seed = at('offset', () => {
    if ((raw.seed ?? '').trim() === '') throw new SplitKey.NoSeedError()
    return Key.parse(raw.seed!)
  })
  const output = at('offset', () => SplitKey.parseOutput(raw.offset ?? '', raw.minerAddress ?? ''))
  return seed && output ? { seed, output } : undefined
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const action = ACTIONS.find((a) => a === raw.action) ?? 'mine'
  const target: Vanity.Target = raw.target === 'create' ? 'create' : 'address'
  const pattern = parsePattern(raw, at)
  const key =
    action === 'check'
      ? at('key', () => {
          try {
            return privateKey(raw.key ?? '')
          } catch (e) {
            if (e instanceof BaseError) e.field = 'key' // this tool's field, whatever the parser named it
            throw e
          }
        })
      : undefined
  const split = action === 'split' ? parseSplit(raw, at) : undefined
  if (Object.keys(errors).length || !pattern) return { ok: false, errors }
  return { ok: true, value: { action, pattern, target, ...(key ? { key } : {}), ...(split ? { split } : {}) } }
}

/**
 * What the page shows before the miner runs (split key): the seed's public key as profanity2's
 * `-z` takes it, and its command line for the pattern (or why it cannot search for it). Only the
 * public key is in it. Undefined while the pattern or the seed is not usable.
 */
export function splitPlan(raw: RawInput): ToolResult | undefined {
  const { at } = errorCollector()
  const pattern = parsePattern(raw, at)
  const seed = at('seed', () => Key.parse(raw.seed ?? ''))
  if (!pattern || !seed) return undefined
  const target: Vanity.Target = raw.target === 'create' ? 'create' : 'address'
  const publicKey = SplitKey.minerPublicKey(seed)
  const cmd = GpuMiners.profanity2(pattern, target, publicKey)
  const rows: Row[] = [
    { label: 'Seed public key (-z)', value: publicKey, note: 'x ‖ y, 128 hex digits without 04: all the miner gets. Its private key stays in this page’s memory and is lost on reload.' },
    cmd.ok ? { label: 'profanity2 command', value: cmd.line, note: cmd.note } : { label: 'profanity2 command', value: cmd.reason, mono: false, copy: false, tone: 'warn' },
    { label: 'Pattern', value: pattern.summary, mono: false, copy: false },
    { label: 'Expected attempts', value: Vanity.formatCount(pattern.attempts), mono: false },
  ]
  return { notes: PublicTestKeys.notes({ keys: [seed] }), sections: [{ title: 'For the miner', rows }] }
}

/** Combines the seed and the miner's offset, and shows the key only once its address is checked (`SplitKey.verify`). */
function combine({ pattern, target, split }: Input): ToolResult<VanityData> {
  const c = SplitKey.verify(split!.seed, split!.output, pattern, target)
  const rows: Row[] = [
    { label: 'Address', value: c.address, open: { tool: 'address', inputs: { address: c.address }, label: 'Inspect address' } },
    ...(target === 'create' ? [{ label: 'First contract (CREATE, nonce 0)', value: c.matched }] : []),
    { label: 'Pattern', value: pattern.summary, mono: false, copy: false },
    { label: 'Matches', value: split!.output.printed ? 'yes, and it is the address the miner printed' : 'yes', mono: false, copy: false, tone: 'ok' },
    { label: 'Private key', value: c.privateKey, secret: true, note: 'Seed + offset (mod n), added in this page; its address was checked before it was shown. In the in-page keyring (memory only) until you reload.' },
  ]
  return { data: { kind: 'split', address: c.address, matched: c.matched, privateKey: c.privateKey }, notes: PublicTestKeys.notes({ keys: [split!.seed] }), sections: [{ rows }] }
}

/** Checks the key of the input against its pattern (the "Check a key" action). */
function check({ pattern, target, key }: Input): ToolResult<VanityData> {
  const c = Vanity.checkKey(pattern, target, key!)
  const rows: Row[] = [
    { label: 'Address', value: c.address, open: { tool: 'address', inputs: { address: c.address }, label: 'Inspect address' } },
    ...(target === 'create' ? [{ label: 'First contract (CREATE, nonce 0)', value: c.matched }] : []),
    { label: 'Pattern', value: pattern.summary, mono: false, copy: false },
    { label: 'Matches', value: c.ok ? 'yes' : 'no', mono: false, copy: false, tone: c.ok ? 'ok' : 'warn' },
  ]
  return { data: { kind: 'check', address: c.address, matched: c.matched, ok: c.ok }, sections: [{ rows }] }
}

/** The keys a search found so far, as the page shows them (one section per key, the key itself secret). */
export function foundResult(keys: readonly KeyHit[], { pattern, target }: Pick<Input, 'pattern' | 'target'>): ToolResult<KeyHit[]> {
  return {
    data: [...keys],
    sections: keys.map((k, i) => ({
      title: keys.length > 1 ? `Key ${i + 1}` : 'Key found',
      rows: [
        { label: 'Address', value: k.address, open: { tool: 'address', inputs: { address: k.address }, label: 'Inspect address' } },
        ...(target === 'create' ? [{ label: 'First contract (CREATE, nonce 0)', value: k.matched }] : []),
        ...(pattern.mode === 'zeros' ? [{ label: 'Leading zero bytes', value: String(k.zeroBytes), mono: false }] : []),
        { label: 'Private key', value: k.privateKey, secret: true, note: 'Re-derived with the audited library (noble/ox) before it was shown. In the in-page keyring (memory only) until you reload.' },
      ],
    })),
  }
}

/**
 * The run gives the search's plan (its pattern and estimate; the page then starts the search on
 * its workers, src/ui/hooks/useVanitySearch.ts) or, for `action: 'check'`, the check; the page's
 * Check button runs the named action `check`.
 */
export default defineTool<Input, VanityData, { check: ToolAction<Input, VanityData> }>(meta, {
  parse,
  run: (input): ToolResult<VanityData> => {
    if (input.action === 'check') return check(input)
    if (input.action === 'split') return combine(input)
    const { pattern, target } = input
    const rate = target === 'create' ? Vanity.DEFAULT_RATE_PER_CORE.keysCreate : Vanity.DEFAULT_RATE_PER_CORE.keys
    return { data: { kind: 'plan', pattern, target }, sections: [{ rows: planRows(pattern, rate) }] }
  },
  actions: { check: { label: 'Check', run: check } },
})
