import * as ContractAddress from '../../core/address/ContractAddress'
import * as Create2Salt from '../../core/address/Create2Salt'
import * as GpuMiners from '../../core/address/GpuMiners'
import * as Vanity from '../../core/address/Vanity'
import type { SaltHit } from '../../core/address/VanityMiner'
import { defineTool, errorCollector } from '../define'
import { parsePattern, planRows } from '../kit/vanityPattern'
import type { Parsed, RawInput, Row, ToolAction, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  action: 'mine' | 'check'
  setup: Create2Salt.Setup
  pattern?: Vanity.Pattern
  salt?: `0x${string}`
  /** The GPU the miners' command lines name. */
  gpu: number
}

/** What the create2-salt page reads from a result. */
export type SaltData = { kind: 'plan'; setup: Create2Salt.Setup; pattern: Vanity.Pattern; rate: number; gpu: number } | { kind: 'check'; result: Create2Salt.Result }

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const action = raw.action === 'check' ? 'check' : 'mine'
  const convention = (Create2Salt.CONVENTIONS as readonly string[]).includes(raw.convention ?? '') ? (raw.convention as Create2Salt.Convention) : 'proxy'
  const crossChain = convention === 'createx' && raw.crossChain === 'true'
  const chainId = crossChain
    ? at('chainId', () => {
        const t = (raw.chainId ?? '').trim()
        if (!/^\d{1,20}$/.test(t) || BigInt(t) < 1n) throw new Create2Salt.InvalidSetupError('The chain id is a whole number, 1 or more (1 for Ethereum mainnet).')
        return BigInt(t)
      })
    : undefined
  const setup = at('initCode', () =>
    Create2Salt.setup({ convention, deployer: raw.deployer, caller: raw.caller, crossChain, ...(chainId !== undefined ? { chainId } : {}), initCode: raw.initCode, initCodeHash: raw.initCodeHash }),
  )
  const pattern = action === 'mine' ? parsePattern(raw, at) : undefined
  const salt = action === 'check' ? at('salt', () => ContractAddress.parseSalt(raw.salt ?? '').salt) : undefined
  const gpu = at('gpuDevice', () => {
    const t = (raw.gpuDevice ?? '').trim() || '0'
    if (!/^\d{1,3}$/.test(t) || Number(t) > 254) throw new Create2Salt.InvalidSetupError('The GPU device is a whole number from 0 to 254 (0 is the first device).')
    return Number(t)
  })
  if (Object.keys(errors).length || !setup || gpu === undefined || (action === 'mine' && !pattern) || (action === 'check' && !salt)) return { ok: false, errors }
  return { ok: true, value: { action, setup, gpu, ...(pattern ? { pattern } : {}), ...(salt ? { salt } : {}) } }
}

/** Rows of a salt: salt, guarded salt, address, and the deployment transaction. */
export function saltRows(r: Create2Salt.Result): Row[] {
  return [
    { label: 'Salt', value: r.salt },
    ...(r.guardedSalt ? [{ label: 'Guarded salt (CreateX)', value: r.guardedSalt, note: 'The salt CREATE2 uses: CreateX hashes your salt with the caller and/or chain id (its _guard).' }] : []),
    { label: 'Address', value: r.address, open: { tool: 'address', inputs: { address: r.address }, label: 'Inspect address' } },
    { label: 'Deployer (CREATE2)', value: r.factory },
    ...(r.callData
      ? [
          { label: 'Send to', value: r.to },
          { label: 'Call data', value: r.callData, note: r.convention === 'proxy' ? 'salt ‖ init code, sent to the proxy.' : r.convention === 'createx' ? 'deployCreate2(bytes32 salt, bytes initCode)' : 'safeCreate2(bytes32 salt, bytes initializationCode)' },
        ]
      : []),
    ...(r.onlyCaller ? [{ label: 'Only this caller can deploy it', value: r.onlyCaller }] : []),
  ]
}

const notesOf = (setup: Create2Salt.Setup): NonNullable<ToolResult['notes']> =>
  setup.initCode === null && setup.convention !== 'custom' ? [{ tone: 'info', text: 'Give the init code (not only its hash) to get the deployment call data.' }] : []

/** Checks the salt of the input (the "Check a salt" action); a salt the factory refuses is named at the salt field. */
function check({ setup, salt }: Input): ToolResult<SaltData> {
  const result = Create2Salt.check(setup, salt!)
  return { data: { kind: 'check', result }, notes: notesOf(setup), sections: [{ rows: saltRows(result) }] }
}

/** The salts a search found so far, as the page shows them (one section per salt). */
export function foundResult(salts: readonly SaltHit[], { pattern }: { pattern: Vanity.Pattern }): ToolResult<SaltHit[]> {
  return {
    data: [...salts],
    sections: salts.map((s, i) => ({
      title: salts.length > 1 ? `Salt ${i + 1}` : 'Salt found',
      rows: [...saltRows(s), ...(pattern.mode === 'zeros' ? [{ label: 'Leading zero bytes', value: String(s.zeroBytes), mono: false }] : [])],
    })),
  }
}

/**
 * The GPU miners' command lines for this setup and pattern (copyable rows), or, for a miner that
 * cannot search for it, why (GpuMiners). The salt a miner returns is checked with "Check a salt".
 */
export function minerRows(setup: Create2Salt.Setup, pattern: Vanity.Pattern, gpu: number): Row[] {
  return GpuMiners.forSalt(setup, pattern, gpu).map((c): Row =>
    c.ok ? { label: `${c.miner} command`, value: c.line, note: c.note } : { label: `${c.miner} command`, value: c.reason, mono: false, copy: false, tone: 'warn' },
  )
}

/**
 * The run gives the search's plan (the page then starts the search on its workers,
 * src/ui/hooks/useVanitySearch.ts) or, for `action: 'check'`, the check; the page's Check
 * button runs the named action `check`.
 */
export default defineTool<Input, SaltData, { check: ToolAction<Input, SaltData> }>(meta, {
  parse,
  run: (input): ToolResult<SaltData> => {
    if (input.action === 'check') return check(input)
    const { setup, pattern, gpu } = input
    const rate = Create2Salt.hashesPerCandidate(setup) === 2 ? Vanity.DEFAULT_RATE_PER_CORE.saltsGuarded : Vanity.DEFAULT_RATE_PER_CORE.salts
    return {
      data: { kind: 'plan', setup, pattern: pattern!, rate, gpu },
      notes: notesOf(setup),
      sections: [
        { rows: [{ label: 'Deployer (CREATE2)', value: setup.factory, note: Create2Salt.LABEL[setup.convention] }, ...planRows(pattern!, rate)] },
        { title: 'On a GPU', rows: minerRows(setup, pattern!, gpu) },
      ],
    }
  },
  actions: { check: { label: 'Check', run: check } },
})
