import * as Hd from '../../core/keys/Hd'
import * as Mnemonic from '../../core/keys/Mnemonic'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'
import { defineTool, errorCollector } from '../define'
import type { Note, Parsed, RawInput, RunContext, Section, ToolResult } from '../types'
import meta from './meta'
import { nodeOf, nodeSource, type NodeSource } from '../kit/hdSource'

export interface Input {
  source: NodeSource
  template: Hd.Template
  start: number
  count: number
}

function index(v: string, what: string, max: number): number {
  const t = v.trim().replace(/_/g, '')
  if (!/^\d{1,10}$/.test(t) || Number(t) > max) throw new Hd.InvalidRangeError(`${what} must be a whole number from ${what === 'How many' ? 1 : 0} to ${max}, got "${v.slice(0, 20)}".`)
  return Number(t)
}

export function templateOf(raw: RawInput): Hd.Template {
  const preset = raw.preset || 'metamask'
  if ((Hd.PRESET_IDS as string[]).includes(preset)) return Hd.template(preset as Hd.PresetId)
  return Hd.parseTemplate(raw.path ?? '')
}

/** The range fields (path, first index, how many): everything but the source. */
function rangeOf(raw: RawInput, at: ReturnType<typeof errorCollector>['at']) {
  const template = at(raw.preset === 'custom' ? 'path' : 'preset', () => templateOf(raw))
  const start = at('start', () => index(raw.start || '0', 'First index', 2 ** 31 - 1))
  const count = at('count', () => {
    const n = index(raw.count || '10', 'How many', Hd.MAX_RANGE)
    if (n < 1) throw new Hd.InvalidRangeError('How many must be at least 1.')
    return n
  })
  return { template, start, count }
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const source = at('phrase', () => nodeSource(raw))
  const { template, start, count } = rangeOf(raw, at)
  if (source && template && 'watchOnly' in source && source.watchOnly) {
    if (!template.relative) errors[raw.preset === 'custom' ? 'path' : 'preset'] = "Below an xpub, write the path without m/ and without hardened levels: 0/i for an account xpub, i for the xpub of m/44'/60'/0'/0."
    else if (template.components.some((c) => c.hardened)) errors.path = "An xpub cannot derive hardened levels (written with '). Use a path like 0/i."
  }
  if (Object.keys(errors).length || !source || !template || start === undefined || count === undefined) return { ok: false, errors }
  return { ok: true, value: { source, template, start, count } }
}

/** CSV of accounts as lines (each but the first starting with a newline), for a Blob built from parts: no one big string. */
export function csvParts(rows: readonly Pick<Hd.Account, 'index' | 'path' | 'address' | 'publicKey' | 'privateKey'>[], withKeys = false): string[] {
  const head = withKeys ? 'index,path,address,public_key,private_key' : 'index,path,address,public_key'
  return [head, ...rows.map((a) => `\n${[a.index, a.path, a.address, a.publicKey, ...(withKeys ? [a.privateKey ?? ''] : [])].join(',')}`)]
}

/** CSV of accounts (no private keys unless `withKeys`). */
export function toCsv(rows: readonly Pick<Hd.Account, 'index' | 'path' | 'address' | 'publicKey' | 'privateKey'>[], withKeys = false): string {
  return csvParts(rows, withKeys).join('')
}

/** What the HD table reads from a result (structured-clone safe): one entry per derived account. */
export interface HdData {
  accounts: { index: number; path: string; address: string; publicKey: string; privateKey?: string }[]
  watchOnly: boolean
  /** The public test key or phrase warning, when the source or a derived key is one (#28). */
  notes?: Note[]
}

/**
 * The first 8 bytes (hex) of the private keys of the development phrase's root and of each level
 * of its MetaMask path (m, m/44', m/44'/60', m/44'/60'/0', m/44'/60'/0'/0): an xprv at one of
 * them, or a path's parent there, is public. Written here, checked against @scure/bip32 in
 * publicTest.test.ts (as `PublicTestKeys.TEST_KEY_PREFIXES` are): deriving them (a PBKDF2 and
 * five hardened levels) cost each slice worker of a split run ~40 ms before its answer (#29).
 */
export const TEST_PHRASE_LEVELS: readonly string[] = ['ada5f7928ef8f684', '31984c8058c45d1f', '3aa04966203428ad', 'bdc37e0491647f2e', 'dd23ca549a97cb33']

/** The public test warning for a derivation: the development phrase, or a parent node of it (an xprv, a split's slice), else a derived key that is a public test key. */
export function publicTestNotes(parent: Hd.Node, keys: readonly (string | undefined)[], phrase?: string): Note[] {
  // the phrase (or its node) first: a whole run and its split slices (which see only the parent) say the same
  const ofPhrase = parent.privateKey && TEST_PHRASE_LEVELS.includes(Mnemonic.toHex(parent.privateKey.subarray(0, 8)).slice(2))
  const byPhrase = PublicTestKeys.notes({ phrases: [phrase, ofPhrase ? PublicTestKeys.TEST_PHRASE : undefined] })
  return byPhrase.length ? byPhrase : PublicTestKeys.notes({ keys })
}

/** The accounts of a range below the template's parent node, as the tool's result. */
function derived(parent: Hd.Node, template: Hd.Template, start: number, count: number, ctx: Pick<RunContext, 'signal' | 'progress'>, phrase?: string): ToolResult<HdData> {
  let done = 0
  const rows = Hd.rangeBelow(parent, template, start, count, {
    signal: ctx.signal,
    onRow: () => {
      done++
      if (done % 10 === 0 || done === count) ctx.progress(done / count, `${done} of ${count} addresses derived`)
    },
  })
  const sections: Section[] = rows.map((a) => ({
    title: a.path,
    rows: [
      { label: 'Address', value: a.address },
      { label: 'Public key', value: a.publicKey },
      ...(a.privateKey ? [{ label: 'Private key', value: a.privateKey, secret: true }] : []),
    ],
  }))
  sections.push({ title: 'Export', rows: [{ label: 'CSV', value: toCsv(rows), note: 'index, path, address, public key (no private keys).' }] })
  const watchOnly = !parent.privateKey
  const notes = publicTestNotes(parent, rows.map((a) => a.privateKey), phrase)
  const data: HdData = {
    accounts: rows.map((a) => ({ index: a.index, path: a.path, address: a.address, publicKey: a.publicKey, ...(a.privateKey ? { privateKey: a.privateKey } : {}) })),
    watchOnly,
    ...(notes.length ? { notes: [...notes] } : {}),
  }
  const result: ToolResult<HdData> = { sections, data }
  if (watchOnly) notes.push({ tone: 'info', text: 'Watch-only: derived from the xpub, so no private keys.' })
  if (notes.length) result.notes = notes
  return result
}

/**
 * What the workers of one split derivation share, computed once by one worker ({@link share}):
 * the extended key of the path's parent node (m/44'/60'/0'/0 on the MetaMask path), so the
 * seed (PBKDF2-HMAC-SHA512, 2048 rounds) and the hardened levels are not computed again by
 * each worker. A secret (an xprv, unless the source is an xpub): it travels between the
 * page and its workers in memory only.
 */
export interface HdShared {
  parentKey: string
}

/**
 * Parses the form and derives the parent node of its path: the one step of a split derivation
 * that needs the phrase. Field errors come back as from `parse`.
 */
export async function share(raw: RawInput, ctx: RunContext): Promise<Parsed<HdShared>> {
  const parsed = parse(raw)
  if (!parsed.ok) return parsed
  const { source, template } = parsed.value
  ctx.progress(-1, 'phrase' in source ? 'Computing the seed (PBKDF2, 2,048 rounds)…' : 'Deriving the path…')
  const parent = Hd.parentOf(await nodeOf(source), template)
  return { ok: true, value: { parentKey: parent.privateKey ? parent.privateExtendedKey : parent.publicExtendedKey } }
}

/**
 * One slice of a split derivation: the range fields of `raw` (path, first index, how many;
 * never the phrase) below the parent key that {@link share} computed.
 */
export async function runShared(shared: HdShared, raw: RawInput, ctx: RunContext): Promise<ToolResult> {
  const { errors, at } = errorCollector()
  const { template, start, count } = rangeOf(raw, at)
  const parent = at('phrase', () => Hd.fromExtendedKey(shared.parentKey))
  if (!template || start === undefined || count === undefined || !parent) throw new Hd.InvalidRangeError(Object.values(errors)[0] ?? 'The range is not valid.')
  await Hd.useWasm()
  return derived(parent, template, start, count, ctx)
}

/**
 * In a worker (the waiting spare that will compute the seed and parent key, or a slice's worker
 * waiting for that key): compile the WebAssembly secp256k1 engine and build @noble/curves'
 * tables now (`useWasm` checks one against the other), not after Derive is pressed (#29).
 */
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function')
  void Hd.useWasm().then(() => {
    // and compile the per-child code (HMAC-SHA512, the engine's call, keccak, the checksum) on a
    // few children of a fixed, public node, as the ethers v5 baseline warms its own (#39)
    Hd.rangeBelow(Hd.fromSeed(new Uint8Array(32).fill(1)), Hd.template('metamask'), 0, 200)
  })

export default defineTool<Input, HdData>(meta, {
  parse,
  run: async ({ source, template, start, count }, ctx) => {
    await Hd.useWasm()
    return derived(Hd.parentOf(await nodeOf(source), template), template, start, count, ctx, 'phrase' in source ? source.phrase : undefined)
  },
})
