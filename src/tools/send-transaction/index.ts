import * as Abi from '../../core/abi/Abi'
import * as TokenAmount from '../../core/abi/TokenAmount'
import * as AddressCheck from '../../core/address/AddressCheck'
import * as CastCommand from '../../core/chain/CastCommand'
import * as ChainCall from '../../core/chain/ChainCall'
import * as ChainFormat from '../../core/chain/ChainFormat'
import * as Chains from '../../core/chain/Chains'
import * as Key from '../../core/keys/Key'
import * as Rpc from '../../core/chain/Rpc'
import * as TxSend from '../../core/tx/TxSend'
import type * as TxDecode from '../../core/tx/TxDecode'
import type * as TxWarnings from '../../core/tx/TxWarnings'
import * as Units from '../../core/format/Units'
import { defineTool, fieldParser } from '../define'
import { castSection } from '../kit/castRow'
import { verifiedLookupParsers } from '../kit/verifiedLookup'
import type { Row, RunContext, Section, ToolAction, ToolResult } from '../types'
import meta from './meta'

export interface Input extends Record<string, unknown> {
  signer: 'key' | 'node'
  privateKey: `0x${string}` | undefined
  from: `0x${string}` | undefined
  to: `0x${string}` | null
  value: bigint
  unit: 'ether' | 'gwei' | 'wei'
  data: `0x${string}`
  abi: ChainCall.ParsedAbi | undefined
  chainId: number
  type: TxSend.SendType
  /** As typed: read in `prepare` (their parsers load with the first Review, not with the page). */
  accessList: string
  authorizationList: string
  acceptHighFee: boolean
  nonce: number | undefined
  gas: bigint | undefined
  maxFeePerGas: bigint | undefined
  maxPriorityFeePerGas: bigint | undefined
  confirm: boolean
  /** Name the review's simulation with verified sources (#36): opt-in, never in a link. */
  lookup: boolean
  /** The Sourcify-compatible host, normalized while `lookup` is ticked. */
  host: string
}

function wholeNumber(v: string, what: string, max: bigint): bigint | undefined {
  const t = v.trim()
  if (t === '') return undefined
  if (!/^\d{1,20}$/.test(t) || BigInt(t) > max) throw new TxSend.InputError(`"${t.slice(0, 30)}" is not a valid ${what}.`, `Use a whole number from 0 to ${max}, or leave it empty to estimate.`)
  return BigInt(t)
}

export const parse = fieldParser<Input>({
  signer: (v) => (v === 'node' ? 'node' : 'key'),
  privateKey: (v, raw) => {
    if (raw.signer === 'node') return undefined
    if (v.trim() === '') throw new TxSend.InputError('Enter the private key to sign with.', 'Or pick a key from the in-page keyring, or sign with a wallet or node account.')
    return Key.parse(v)
  },
  from: (v, raw) => {
    const f = v.trim() ? AddressCheck.parseChecksummed(v) : undefined
    if (f && raw.signer !== 'node' && raw.privateKey) {
      let key: `0x${string}` | undefined
      try {
        key = Key.parse(raw.privateKey)
      } catch {
        /* reported at the key */
      }
      if (key && Key.toAddress(key).toLowerCase() !== f.toLowerCase())
        throw new TxSend.InputError(`The private key belongs to ${Key.toAddress(key)}, not to ${f}.`, 'Clear this field or use the matching key.')
    }
    return f
  },
  // The recipient's case is checked as the chain checksums it (EIP-55, or EIP-1191 on RSK).
  to: (v, raw) => (v.trim() ? AddressCheck.parseChecksummed(AddressCheck.parseForSigning(v.trim(), /^\d{1,12}$/.test((raw.chainId ?? '').trim()) ? Number(raw.chainId) : undefined).lower) : null),
  value: (v, raw) => ChainFormat.parseAmount(v.trim() || '0', raw.unit === 'gwei' || raw.unit === 'wei' ? raw.unit : 'ether'),
  unit: (v) => (v === 'gwei' || v === 'wei' ? v : 'ether'),
  data: (v, raw) => {
    const t = v.trim() || '0x'
    if (!/^0x([0-9a-fA-F]{2})*$/.test(t)) throw new TxSend.InputError('The data is not 0x-prefixed hex bytes (even length).', 'Paste call data from the call-data encoder, or leave it empty for a plain transfer.')
    if (t.length > 2 + 2 * 128 * 1024) throw new TxSend.InputError('The data is larger than 128 KiB.', 'Nodes reject transactions this large.')
    if (t === '0x' && !raw.to?.trim()) throw new TxSend.InputError('Deploying a contract needs its init code.', 'Enter a recipient, or paste the contract\'s init code (creation bytecode) here.')
    return t.toLowerCase() as `0x${string}`
  },
  abi: (v) => (v.trim() ? Abi.parse(v) : undefined),
  chainId: (v) => {
    if (v.trim() === '') throw new TxSend.InputError('Enter the chain id you mean to use.', 'The node must be on it; the connection badge shows the node\'s chain (31337 for the devnet).')
    return Chains.parseChainId(v)
  },
  type: (v) => (TxSend.SEND_TYPES.includes(v as TxSend.SendType) ? (v as TxSend.SendType) : 'eip1559'),
  accessList: (v) => v.trim(),
  authorizationList: (v) => v.trim(),
  acceptHighFee: (v) => v === 'true',
  nonce: (v) => {
    const n = wholeNumber(v, 'nonce', 2n ** 53n - 2n)
    return n === undefined ? undefined : Number(n)
  },
  gas: (v) => wholeNumber(v, 'gas limit', 2n ** 63n),
  maxFeePerGas: (v) => ChainFormat.parseGweiOptional(v),
  maxPriorityFeePerGas: (v) => ChainFormat.parseGweiOptional(v),
  confirm: (v) => v === 'true',
  ...verifiedLookupParsers,
})

/** Parses the access list and the signed authorizations, loading their parsers on first use; errors name the field. */
export async function readLists(input: Pick<Input, 'type' | 'accessList' | 'authorizationList'>): Promise<{ accessList: TxDecode.AccessItem[]; authorizationList: TxDecode.SignedAuthorization[] }> {
  const at = async <T>(field: string, f: () => Promise<T>): Promise<T> => {
    try {
      return await f()
    } catch (e) {
      throw e instanceof Error && 'at' in e && typeof (e as { at?: unknown }).at === 'function' ? (e as unknown as { at(f: string): Error }).at(field) : e
    }
  }
  const accessList = input.type !== 'legacy' && input.accessList ? await at('accessList', async () => (await import('../../core/tx/TxBuild')).parseAccessList(input.accessList)) : []
  const authorizationList =
    input.type === 'eip7702' && input.authorizationList
      ? await at('authorizationList', async () => {
          const Authorization = await import('../../core/tx/Authorization')
          return input.authorizationList
            .replace(/}\s*,?\s*{/g, '}\n{')
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
            .map((l) => Authorization.parseSigned(l))
        })
      : []
  return { accessList, authorizationList }
}

/** What the confirmation shows: everything that will be signed, and what it does. */
export interface Reviewed {
  summary: TxSend.Summary
  review: TxWarnings.Review
}

/**
 * Fills in what the input leaves out (checking the chain first) and reviews it against the
 * node (decoded call data, warnings, an eth_call simulation): all reads at once.
 */
export async function prepare(input: Input, ctx: Pick<RunContext, 'rpc' | 'rpcUrl'>, library: readonly ChainCall.ParsedAbi[] = []): Promise<Reviewed> {
  let from: string | undefined = input.privateKey ? Key.toAddress(input.privateKey) : input.from
  if (!from) {
    const accounts = Rpc.array(await Rpc.request(ctx.rpc, 'eth_accounts'), 'the accounts', 1000)
    if (!accounts.length) throw new TxSend.InputError('The node or wallet exposes no account.', 'Enter the sending address, or connect the wallet first.').at('from')
    from = Rpc.address(accounts[0], 'the first account')
  }
  const [{ accessList, authorizationList }, Warnings] = await Promise.all([readLists(input), import('../../core/tx/TxWarnings')])
  const [summary, review] = await Promise.all([
    TxSend.prepare(
      ctx.rpc,
      {
        chainId: input.chainId,
        type: input.type,
        accessList,
        authorizationList,
        from,
        to: input.to,
        value: input.value,
        data: input.data,
        nonce: input.nonce,
        gas: input.gas,
        maxFeePerGas: input.maxFeePerGas,
        maxPriorityFeePerGas: input.maxPriorityFeePerGas,
      },
      { ...(ctx.rpcUrl ? { url: ctx.rpcUrl } : {}), ...(input.abi ? { abi: input.abi } : {}), acceptHighFee: input.acceptHighFee },
    ),
    Warnings.review(ctx.rpc, { from, to: input.to, value: input.value, data: input.data }, { abis: library, ...(input.abi ? { abi: input.abi } : {}) }),
  ])
  return { summary, review }
}

const TYPE_LABEL: Record<TxSend.SendType, string> = { legacy: 'Legacy (0x0, EIP-155)', eip2930: 'EIP-2930 (0x1)', eip1559: 'EIP-1559 (0x2)', eip7702: 'EIP-7702 (0x4)' }

/**
 * An ERC-20 call's amount in the token's units with its symbol (read from the token, else a
 * well-known token of this chain), the raw integer beside it; raw only when neither knows it.
 */
function tokenRow(ta: NonNullable<TxWarnings.Review['tokenAmount']>, chainId: number, to: string): Row {
  const token = ta.token ?? TokenAmount.known(chainId, to)
  const raw = `${ta.amount} in the token's smallest units`
  if (!token) return { label: `Token amount (${ta.fn})`, value: ta.amount.toString(), note: `${raw}; the token's decimals could not be read.` }
  return { label: `Token amount (${ta.fn})`, value: TokenAmount.text(ta.amount, token), mono: false, note: `${raw}; ${ta.token ? 'symbol and decimals read from the token' : 'a well-known token of this chain'}.` }
}

/** Rows for everything that will be signed, and what it does. */
/**
 * The reviewed transaction as `cast send`, field for field (nonce, gas and fees as reviewed), signed
 * the way the page would: a key is never put in the line (`--interactive` asks for it), the node's
 * account is named with `--unlocked`. None for what cast send cannot say as reviewed (EIP-2930
 * and EIP-7702 lists).
 */
export function castSend(r: Reviewed, signer: Input['signer'], rpcUrl: string | undefined): Section[] {
  const s = r.summary
  const type = s.type ?? 'eip1559'
  if (type === 'eip2930' || type === 'eip7702' || s.accessList?.length) return []
  const fees = type === 'legacy' ? { gasPrice: s.maxFeePerGas } : { maxFeePerGas: s.maxFeePerGas, maxPriorityFeePerGas: s.maxPriorityFeePerGas }
  const words = CastCommand.send({ to: s.to ?? '', data: s.data, value: s.value, from: s.from, gas: s.gas, nonce: s.nonce, ...fees, signer: signer === 'key' ? 'interactive' : 'unlocked' })
  return castSection([words], rpcUrl, signer === 'key' ? 'The same transaction with Foundry\'s cast: it asks for the key (--interactive), which is never in this line.' : "The same transaction with Foundry's cast, signed by the node's unlocked account.")
}

export function summaryRows(r: Reviewed, unit: Input['unit']): Row[] {
  const { summary: s, review } = r
  const est = (k: TxSend.Summary['estimated'][number]) => (s.estimated.includes(k) ? 'estimated by the node' : undefined)
  const type = s.type ?? 'eip1559'
  const priced = type === 'legacy' || type === 'eip2930'
  const inGwei = (wei: bigint) => `${Units.format(wei, 'gwei')} gwei`
  return [
    { label: 'Chain', value: `${s.chainName} (${s.chainId})`, note: 'Checked: the node is on this chain (checked again right before signing).', tone: 'ok' },
    { label: 'From', value: s.from, open: { tool: 'account', inputs: { address: s.from }, label: 'Inspect' } },
    s.to
      ? { label: 'To', value: s.to, note: review.recipientIsContract === null ? undefined : review.recipientIsContract ? 'a contract' : 'an account without code', open: { tool: 'account', inputs: { address: s.to }, label: 'Inspect' } }
      : { label: 'To', value: 'nobody: this deploys a contract', mono: false, tone: 'warn' },
    { label: `Value (${unit})`, value: Units.format(s.value, unit), note: `${s.value} wei` },
    ...(unit !== 'ether' ? [{ label: 'Value (ether)', value: Units.format(s.value, 'ether') }] : []),
    {
      label: 'Data',
      value: s.data,
      note: s.data === '0x' ? 'none (a plain transfer)' : `${(s.data.length - 2) / 2} bytes${s.to ? '' : ' of init code'}`,
      ...(s.to && s.data.length >= 10 ? { open: { tool: 'calldata-decode', inputs: { data: s.data }, label: 'Decode' } } : {}),
    },
    ...(review.decoded.text
      ? [{ label: 'Call', value: review.decoded.text, note: `${review.decoded.human ?? ''} (from ${review.decoded.source === 'table' ? 'the offline signature table' : 'your ABI'})` }]
      : review.decoded.selector
        ? [{ label: 'Call', value: `unknown function ${review.decoded.selector}`, mono: false, tone: 'warn' as const, note: 'Neither your ABIs nor the offline table know this selector.' }]
        : []),
    ...(review.decoded.router ? [{ label: 'Router commands', value: review.decoded.router.join('\n'), note: 'Uniswap Universal Router: the commands run in order (Decode opens each input).' }] : []),
    ...(review.tokenAmount && s.to ? [tokenRow(review.tokenAmount, s.chainId, s.to)] : []),
    ...review.warnings.map((w) => ({ label: 'Warning', value: w.text, mono: false, copy: false, tone: w.tone })),
    { label: 'Type', value: TYPE_LABEL[type] },
    ...(s.accessList?.length ? [{ label: 'Access list', value: `${s.accessList.length} address(es)`, mono: false }] : []),
    ...(s.authorizationList?.length ? s.authorizationList.map((a, i) => ({ label: `Authorization ${i + 1}`, value: `delegate to ${a.address} (chain ${a.chainId}, nonce ${a.nonce})`, mono: false })) : []),
    { label: 'Nonce', value: String(s.nonce), note: est('nonce') },
    { label: 'Gas limit', value: s.gas.toString(), note: est('gas') },
    ...(priced
      ? [{ label: 'Gas price', value: ChainFormat.gwei(s.maxFeePerGas), note: est('fees') }]
      : [
          { label: 'Max fee per gas', value: ChainFormat.gwei(s.maxFeePerGas), note: est('fees') },
          { label: 'Max priority fee per gas', value: ChainFormat.gwei(s.maxPriorityFeePerGas), note: est('fees') },
        ]),
    {
      label: 'Expected fee',
      value: ChainFormat.native(s.expectedFee, s.symbol),
      note: `${inGwei(s.expectedFee)}; ${s.baseFee === null ? 'gas limit × gas price' : `gas limit × (base fee ${inGwei(s.baseFee)} + priority fee), at the current base fee`}`,
    },
    { label: 'Maximum fee', value: ChainFormat.native(s.maxCost - s.value, s.symbol), note: `${inGwei(s.maxCost - s.value)}; gas limit × max fee per gas` },
    { label: 'Maximum cost', value: ChainFormat.native(s.maxCost, s.symbol), note: 'maximum fee + value; usually less is paid.' },
    { label: 'Balance', value: ChainFormat.native(s.balance, s.symbol), tone: s.affordable ? undefined : 'error', note: s.affordable ? undefined : 'Not enough to cover the maximum cost.' },
  ]
}

/**
 * Signs (key) or hands to the wallet/node (eth_sendTransaction) exactly the prepared
 * transaction, once. With a key, the hash is known before sending: `onHash` gets it first.
 */
export async function send(
  s: TxSend.Summary,
  input: Pick<Input, 'signer' | 'privateKey'>,
  ctx: Pick<RunContext, 'rpc' | 'rpcUrl'>,
  onHash?: (hash: `0x${string}`) => void,
): Promise<`0x${string}`> {
  const url = ctx.rpcUrl ? { url: ctx.rpcUrl } : {}
  if (input.signer === 'key') {
    if (!input.privateKey) throw new TxSend.InputError('Enter the private key to sign with.', 'Or sign with a wallet or node account.').at('privateKey')
    return TxSend.signAndSend(ctx.rpc, s, input.privateKey, { ...url, ...(onHash ? { onHash } : {}) })
  }
  const hash = await TxSend.sendWithWallet(ctx.rpc, s, url)
  onHash?.(hash)
  return hash
}

/** The receipt as rows. */
export function receiptToRows(hash: `0x${string}`, r: import('../../core/chain/ChainBlocks').Receipt): Row[] {
  const rows: Row[] = [
    { label: 'Transaction hash', value: hash, open: { tool: 'transaction', inputs: { hash }, label: 'Look up' } },
    { label: 'Status', value: r.status, tone: r.status === 'success' ? 'ok' : 'error', open: { tool: 'simulate', inputs: { mode: 'hash', hash }, label: 'Simulate (call tree)', run: true } },
    { label: 'Block', value: String(r.blockNumber), open: { tool: 'block', inputs: { block: String(r.blockNumber) }, label: 'Open block' } },
    { label: 'Gas used', value: r.gasUsed.toString() },
  ]
  if (r.effectiveGasPrice !== null) rows.push({ label: 'Effective gas price', value: ChainFormat.gwei(r.effectiveGasPrice) }, { label: 'Fee paid (ether)', value: Units.format(r.gasUsed * r.effectiveGasPrice, 'ether') })
  if (r.contractAddress) {
    const c = AddressCheck.parseChecksummed(r.contractAddress)
    rows.push({ label: 'Contract created', value: c, open: { tool: 'account', inputs: { address: c }, label: 'Inspect' } })
  }
  return rows
}

/** Waits (up to 60 s, through node failures) for the receipt and describes it. */
export async function receiptRows(hash: `0x${string}`, ctx: Pick<RunContext, 'rpc' | 'signal'>): Promise<{ rows: Row[]; note?: string }> {
  try {
    const r = await TxSend.watchReceipt(ctx.rpc, hash, { timeoutMs: 60_000, signal: ctx.signal })
    const rows = receiptToRows(hash, r)
    if (r.status === 'reverted') return { rows, note: 'The transaction was mined but reverted; the transaction tool shows the reason.' }
    return { rows }
  } catch (e) {
    if (e instanceof TxSend.ReceiptTimeoutError) return { rows: [{ label: 'Transaction hash', value: hash, open: { tool: 'transaction', inputs: { hash }, label: 'Look up' } }], note: `${e.shortMessage} ${e.hints.join(' ')}` }
    throw e
  }
}

/** What the review shows and Confirm signs: the prepared transaction and the input it came from. */
export interface ReviewData {
  reviewed: Reviewed
  input: Input
}

/**
 * The page's Review: the node fills in nonce, gas and fees after the chain is checked, and the
 * call is decoded (with the person's ABI library, `ctx.abis`) and checked; nothing is signed or
 * sent. Confirm then sends exactly `reviewed.summary` (`send`).
 */
const review: ToolAction<Input, ReviewData> = {
  label: 'Review',
  runs: 'network',
  run: async (input, ctx) => ({ sections: [], data: { reviewed: await prepare(input, ctx, ctx.abis), input } }),
}

export default defineTool<Input, unknown, { review: typeof review }>(meta, {
  parse,
  actions: { review },
  async run(input, ctx): Promise<ToolResult> {
    const r = await prepare(input, ctx, ctx.abis)
    const s = r.summary
    const summary: Section = { title: input.confirm ? 'Signed and sent' : 'To be signed (nothing sent yet)', rows: summaryRows(r, input.unit) }
    if (!input.confirm)
      return {
        notes: [{ tone: 'info', text: s.affordable ? 'Nothing was signed or sent. Check everything above, then tick "I have checked the summary" and send.' : 'The balance does not cover the maximum cost: the node will reject this transaction.' }],
        sections: [summary, ...castSend(r, input.signer, ctx.rpcUrl)],
      }
    if (!s.affordable) throw new TxSend.InputError(`The balance (${ChainFormat.native(s.balance, s.symbol)}) does not cover the maximum cost (${ChainFormat.native(s.maxCost, s.symbol)}).`, 'Lower the value, the gas limit or the max fee, or fund the account.')
    const hash = await send(s, input, ctx)
    const rr = await receiptRows(hash, ctx)
    return { ...(rr.note ? { notes: [{ tone: 'warn' as const, text: rr.note }] } : {}), sections: [{ title: 'Receipt', rows: rr.rows }, summary] }
  },
})
