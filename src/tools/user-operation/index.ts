import * as AccountCall from '../../core/abi/AccountCall'
import * as Calldata from '../../core/abi/Calldata'
import * as ChainCall from '../../core/chain/ChainCall'
import * as Rpc from '../../core/chain/Rpc'
import { BaseError } from '../../core/Errors'
import * as BigNum from '../../core/format/BigNum'
import * as Key from '../../core/keys/Key'
import * as SigningEngine from '../../core/sign/SigningEngine'
import * as Authorization from '../../core/tx/Authorization'
import * as UserOpSimulate from '../../core/tx/UserOpSimulate'
import * as UserOperation from '../../core/tx/UserOperation'
import { defineTool, errorCollector } from '../define'
import { callSections } from '../kit/abiRows'
import { hexBytes, privateKey, signingAddress, uint } from '../kit/fields'
import { table as loadTable } from '../kit/signatureTable'
import type { RawInput, RunContext, Row, Section, ToolResult } from '../types'
import meta from './meta'

type Hex = `0x${string}`
type SignChoice = 'none' | 'account' | UserOperation.Scheme

export interface Input {
  readChain: boolean
  version: UserOperation.Version
  op: UserOperation.UserOp
  form: UserOperation.Form | 'fields'
  entryPoint: Hex
  entryPointFrom: 'typed' | 'json' | 'canonical'
  chainId?: bigint
  eip7702: 'none' | 'sign' | 'paste'
  delegate?: Hex
  authNonce?: bigint
  sign: SignChoice
  privateKey?: Hex
  simulate: boolean
  beneficiary: Hex
}

/** What pages read (plain data). */
export interface Data {
  version: UserOperation.Version
  entryPoint: string
  chainId: string
  userOpHash: string
  contractUserOpHash?: string
  signature?: string
}

const DEAD = '0x000000000000000000000000000000000000dEaD'

function fieldsOp(raw: (k: string) => string, at: ReturnType<typeof errorCollector>['at']): UserOperation.UserOp | undefined {
  const num = (k: string, bits = 256) => at(k, () => uint(k, raw(k), bits, 0n))
  const bytes = (k: string) => at(k, () => (raw(k).trim() === '' ? '0x' : hexBytes(k, raw(k))))
  const sender = at('sender', () => signingAddress('sender', raw('sender'), undefined, true))
  const f = raw('factory').trim()
  const factory = f === '' ? undefined : f.toLowerCase() === '0x7702' ? UserOperation.EIP7702_MARKER : at('factory', () => signingAddress('factory', f))
  const paymaster = at('paymaster', () => signingAddress('paymaster', raw('paymaster')))
  const v = {
    nonce: num('nonce'), factoryData: bytes('factoryData'), callData: bytes('callData'), signature: bytes('signature'),
    callGasLimit: num('callGasLimit'), verificationGasLimit: num('verificationGasLimit'), preVerificationGas: num('preVerificationGas'),
    maxFeePerGas: num('maxFeePerGas'), maxPriorityFeePerGas: num('maxPriorityFeePerGas'),
    paymasterVerificationGasLimit: num('paymasterVerificationGasLimit', 128), paymasterPostOpGasLimit: num('paymasterPostOpGasLimit', 128), paymasterData: bytes('paymasterData'),
  }
  if (!sender || Object.values(v).some((x) => x === undefined) || (f !== '' && !factory)) return undefined
  return { ...(v as Omit<UserOperation.UserOp, 'sender'>), sender, ...(factory ? { factory } : {}), ...(paymaster ? { paymaster } : {}) }
}

export function parse(rawIn: RawInput): { ok: true; value: Input } | { ok: false; errors: Record<string, string> } {
  const raw = (k: string) => rawIn[k] ?? ''
  const { errors, at } = errorCollector()
  const readChain = raw('readChain') !== 'false'
  const version = (UserOperation.VERSIONS as readonly string[]).includes(raw('version')) ? (raw('version') as UserOperation.Version) : '0.7'
  const source = raw('source') === 'fields' ? 'fields' : 'json'
  let op: UserOperation.UserOp | undefined
  let form: Input['form'] = 'fields'
  let jsonEntry: Hex | undefined
  if (source === 'json') {
    const j = at('json', () => {
      if (raw('json').trim() === '') throw new UserOperation.InvalidUserOpError('json', 'Paste the user operation JSON.', 'As a wallet or bundler shows it: { "sender": "0x…", "nonce": "0x0", … }, or choose "Typed field by field".')
      return UserOperation.fromJson(raw('json'))
    })
    if (j) {
      ;({ op, form } = j)
      jsonEntry = j.entryPoint
      if (j.form === 'v0.6' && version !== '0.6' && j.op.paymaster) errors.version ??= 'This JSON is in the v0.6 form (initCode, paymasterAndData) with a paymaster: choose v0.6, or paste the v0.7 form (paymaster and its gas limits apart).'
      if (j.form === 'v0.6' && version !== '0.6') form = 'unpacked'
      if (j.form !== 'v0.6' && version === '0.6') errors.version ??= `This JSON is in the ${j.form} form of v0.7/v0.8: choose v0.7 or v0.8, or paste the v0.6 form (initCode, paymasterAndData).`
    }
  } else op = fieldsOp(raw, at)
  const typedEntry = at('entryPoint', () => signingAddress('entryPoint', raw('entryPoint')))
  const entryPoint = typedEntry ?? jsonEntry ?? UserOperation.ENTRY_POINTS[version]
  const chainId = raw('chainId').trim() === '' ? undefined : at('chainId', () => BigNum.parseUint('chainId', raw('chainId'), 64, undefined, 'Chain id'))
  if (!readChain && chainId === undefined && !errors.chainId) errors.chainId = 'Enter the chain id (part of the hash), or tick "Use the connected chain".'
  const e = version === '0.8' ? raw('eip7702') : 'none'
  const eip7702: Input['eip7702'] = e === 'sign' || e === 'paste' ? e : 'none'
  const delegate = version === '0.8' ? at('delegate', () => signingAddress('delegate', raw('delegate'))) : undefined
  if (eip7702 === 'sign' && !delegate && !errors.delegate) errors.delegate = 'Enter the delegate the authorization points the account to (its implementation contract).'
  const authNonce = eip7702 === 'sign' && raw('authNonce').trim() !== '' ? at('authNonce', () => BigNum.parseUint('authNonce', raw('authNonce'), 64, undefined, 'Authorization nonce')) : undefined
  if (eip7702 === 'sign' && authNonce === undefined && !readChain && !errors.authNonce) errors.authNonce = 'Enter the sender\'s account nonce, or tick "Use the connected chain".'
  if (eip7702 === 'paste' && op) {
    const a = at('authorization', () => Authorization.parseSigned(raw('authorization')))
    if (a) op = { ...op, eip7702Auth: a }
  }
  const s = raw('sign')
  const sign: SignChoice = s === 'account' || s === 'eip191' || s === 'raw' ? s : 'none'
  const key = sign === 'none' ? undefined : at('privateKey', () => privateKey(raw('privateKey')))
  if (eip7702 === 'sign' && sign === 'none' && !errors.eip7702) errors.eip7702 = 'Signing the authorization needs the account\'s key: choose how to sign the userOpHash below, with the same key.'
  const beneficiary = at('beneficiary', () => signingAddress('beneficiary', raw('beneficiary'))) ?? DEAD
  if (Object.keys(errors).length || !op) return { ok: false, errors: Object.keys(errors).length ? errors : { json: 'The user operation is incomplete.' } }
  return {
    ok: true,
    value: {
      readChain, version, op, form, entryPoint: entryPoint as Hex, entryPointFrom: typedEntry ? 'typed' : jsonEntry ? 'json' : 'canonical',
      ...(chainId !== undefined ? { chainId } : {}), eip7702, ...(delegate ? { delegate } : {}), ...(authNonce !== undefined ? { authNonce } : {}),
      sign, ...(key ? { privateKey: key } : {}), simulate: readChain && raw('simulate') !== 'false', beneficiary: beneficiary as Hex,
    },
  }
}

type Rpc1193 = NonNullable<RunContext['rpc']>

/** The authorization signed in the page (EIP-7702, v0.8): for the sender, by the sender's key. */
async function signAuthorization(input: Input, rpc: Rpc1193 | undefined, chainId: bigint): Promise<Authorization.Signed> {
  const authority = Key.toAddress(input.privateKey!)
  if (authority.toLowerCase() !== input.op.sender.toLowerCase()) throw new UserOperation.NotSenderKeyError(authority, input.op.sender)
  const nonce = input.authNonce ?? Rpc.quantity(await Rpc.request(rpc, 'eth_getTransactionCount', [input.op.sender, 'latest']), 'the sender\'s nonce')
  return Authorization.sign({ chainId, address: input.delegate!, nonce }, input.privateKey!)
}

/** The sender's delegation on the chain (0xef0100 ‖ address), when it has one. */
async function chainDelegate(rpc: Rpc1193 | undefined, sender: Hex): Promise<Hex | undefined> {
  return UserOperation.delegateOfCode(Rpc.data(await Rpc.request(rpc, 'eth_getCode', [sender, 'latest']), 'the sender\'s code'))
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx): Promise<ToolResult<Data>> => {
    const rpc = input.readChain ? ctx.rpc : undefined
    if (input.readChain && !rpc) throw new Rpc.NotConnectedError()
    const notes: NonNullable<ToolResult['notes']> = []
    const { version, entryPoint } = input
    const chainId = input.chainId ?? Rpc.quantity(await Rpc.request(rpc, 'eth_chainId'), 'the chain id')
    let op = input.op
    if (input.eip7702 === 'sign') {
      await SigningEngine.useWasmEngine()
      op = { ...op, eip7702Auth: await signAuthorization(input, rpc, chainId) }
    }
    const marker = version === '0.8' && UserOperation.isEip7702InitCode(UserOperation.initCode(op))
    if (version === '0.8' && op.eip7702Auth && !op.factory) {
      op = { ...op, factory: UserOperation.EIP7702_MARKER }
      notes.push({ tone: 'info', text: 'The op carries an EIP-7702 authorization: its factory is set to the 0x7702 marker, as v0.8 requires for such an account.' })
    }
    const onChainDelegate = marker || (version === '0.8' && op.factory === UserOperation.EIP7702_MARKER) ? (rpc ? await chainDelegate(rpc, op.sender) : undefined) : undefined
    const delegate = input.delegate ?? op.eip7702Auth?.address ?? onChainDelegate
    const opts = { version, entryPoint, chainId, ...(delegate ? { delegate } : {}) }
    const h = UserOperation.hash(op, opts)
    const sections: Section[] = []
    const hashRows: Row[] = [
      { label: 'userOpHash', value: h.userOpHash, note: version === '0.8' ? 'EIP-712 hash of the PackedUserOperation under the entry point\'s domain ("ERC4337", "1")' : 'keccak256(abi.encode(keccak256(packed fields), entryPoint, chainId))' },
      ...(h.domainSeparator ? [{ label: 'Domain separator', value: h.domainSeparator }] : []),
      { label: version === '0.8' ? 'Struct hash' : 'Hash of the packed fields', value: h.structHash },
      { label: 'Entry point', value: entryPoint, note: `v${version}, ${input.entryPointFrom === 'canonical' ? 'the canonical address' : input.entryPointFrom === 'json' ? 'as the JSON names it' : 'as typed'}` },
      { label: 'Chain id', value: chainId.toString(), mono: false, note: input.chainId !== undefined ? 'as typed' : "the connected node's" },
    ]
    if (input.entryPointFrom !== 'canonical' && entryPoint.toLowerCase() !== UserOperation.ENTRY_POINTS[version].toLowerCase())
      notes.push({ tone: 'warn', text: `${entryPoint} is not the canonical v${version} entry point (${UserOperation.ENTRY_POINTS[version]}): check that the account trusts it.` })
    if (delegate && (marker || op.factory === UserOperation.EIP7702_MARKER)) hashRows.push({ label: 'EIP-7702 delegate', value: delegate, note: input.delegate ? 'as typed' : op.eip7702Auth ? "the authorization's address" : "read from the sender's code" })
    let contractUserOpHash: Hex | undefined
    if (rpc) contractUserOpHash = await contractHash(rpc, op, input, hashRows, h.userOpHash)
    sections.push({ title: 'Hashes', rows: hashRows })

    const signed = await signSection(input, op, h.userOpHash, sections)
    if (signed) op = { ...op, signature: signed }
    sections.push(opSection(op, version, input))
    sections.push(...(await callDataSections(op.callData)))
    sections.push({ title: 'For the entry point and the bundler', rows: outputRows(op, input, chainId) })
    if (input.simulate && rpc) sections.push(await simulationSection(rpc, op, input))
    if (!op.paymaster) notes.push({ tone: 'info', text: 'No paymaster: the account pays the gas from its deposit or balance.' })
    if (op.eip7702Auth) for (const w of Authorization.warnings(op.eip7702Auth)) notes.push({ tone: 'warn', text: w })
    return {
      ...(notes.length ? { notes } : {}),
      sections,
      data: { version, entryPoint, chainId: chainId.toString(), userOpHash: h.userOpHash, ...(contractUserOpHash ? { contractUserOpHash } : {}), ...(signed ? { signature: signed } : {}) },
    }
  },
})

/** The entry point's own getUserOpHash (an eth_call), compared with ours. */
async function contractHash(rpc: Rpc1193, op: UserOperation.UserOp, input: Input, rows: Row[], ours: Hex): Promise<Hex | undefined> {
  const code = Rpc.data(await Rpc.request(rpc, 'eth_getCode', [input.entryPoint, 'latest']), 'the entry point\'s code')
  if (code === '0x') {
    rows.push({ label: "Entry point's getUserOpHash", value: 'no contract', mono: false, tone: 'warn', note: `There is no contract at ${input.entryPoint} on this chain: the hash could not be checked there.` })
    return undefined
  }
  const override = op.eip7702Auth && (await chainDelegate(rpc, op.sender))?.toLowerCase() !== op.eip7702Auth.address.toLowerCase() ? [{ [op.sender]: { code: `0xef0100${op.eip7702Auth.address.slice(2)}` } }] : []
  try {
    const r = Rpc.data(await Rpc.request(rpc, 'eth_call', [{ to: input.entryPoint, data: UserOperation.getUserOpHashData(op, input.version) }, 'latest', ...override]), 'getUserOpHash', 32)
    const same = r.toLowerCase() === ours.toLowerCase()
    rows.push({ label: "Entry point's getUserOpHash", value: r, tone: same ? 'ok' : 'error', note: same ? 'The entry point on the chain computes the same hash.' : 'DIFFERENT from ours: check the version, entry point and chain id before signing.' })
    return r
  } catch (e) {
    const d = ChainCall.revertDataOf(e)
    if (d === null) throw e
    rows.push({ label: "Entry point's getUserOpHash", value: ChainCall.decodeRevert(d).text, mono: false, tone: 'warn', note: 'The entry point reverted: is it the right version?' })
    return undefined
  }
}

/** Signs the userOpHash (and shows who made a signature already in the op). Returns the new signature. */
async function signSection(input: Input, op: UserOperation.UserOp, userOpHash: Hex, sections: Section[]): Promise<Hex | undefined> {
  const scheme: UserOperation.Scheme = input.sign === 'none' || input.sign === 'account' ? UserOperation.defaultScheme(input.version) : input.sign
  const rows: Row[] = []
  if (op.eip7702Auth) {
    const authority = Authorization.recover(op.eip7702Auth)
    const ok = authority.toLowerCase() === op.sender.toLowerCase()
    rows.push({ label: 'EIP-7702 authorization', value: Authorization.toJson(op.eip7702Auth), note: input.eip7702 === 'sign' ? 'signed here; the bundler sends it in a type-4 transaction' : 'as given' })
    rows.push({ label: 'Authority', value: authority, tone: ok ? 'ok' : 'error', note: ok ? 'the sender' : 'NOT the sender: the delegation would be set on another account' })
  }
  let signature: Hex | undefined
  if (input.sign !== 'none' && input.privateKey) {
    await SigningEngine.useWasmEngine()
    const s = UserOperation.sign(input.privateKey, userOpHash, scheme)
    signature = s.signature
    if (op.signature !== '0x' && op.signature.toLowerCase() !== signature.toLowerCase()) rows.push({ label: 'Signature replaced', value: op.signature, note: 'the op\'s signature before signing here', tone: 'warn' })
    rows.push({ label: 'Signature', value: s.signature, note: scheme === 'eip191' ? 'EIP-191 personal message of the 32-byte userOpHash (what SimpleAccount v0.6/v0.7 recovers)' : 'the userOpHash signed as is (EIP-712; what SimpleAccount v0.8 and Simple7702Account recover)' })
    rows.push({ label: 'Signed digest', value: UserOperation.signedDigest(userOpHash, scheme) })
    rows.push({ label: 'Signer', value: s.signer, ...(op.eip7702Auth || op.factory === UserOperation.EIP7702_MARKER ? (s.signer.toLowerCase() === op.sender.toLowerCase() ? { tone: 'ok' as const, note: 'the sender (an EIP-7702 account signs with its own key)' } : { tone: 'error' as const, note: 'NOT the sender: an EIP-7702 account checks its own key' }) : {}) })
  } else if (op.signature !== '0x') {
    const who = UserOperation.recoverSigner(op.signature, userOpHash, scheme)
    rows.push({ label: 'Signature recovers to', value: who ?? 'not a plain ECDSA signature', mono: Boolean(who), copy: Boolean(who), note: who ? `under the ${scheme === 'eip191' ? 'EIP-191' : 'raw-hash'} scheme: the account must accept this address` : 'the account checks it its own way (a module, a passkey, a multisig…)' })
  }
  if (rows.length) sections.push({ title: 'Signature', rows })
  return signature
}

function opSection(op: UserOperation.UserOp, version: UserOperation.Version, input: Input): Section {
  const seq = op.nonce & (2n ** 64n - 1n)
  const rows: Row[] = [
    { label: 'sender', value: op.sender },
    { label: 'nonce', value: op.nonce.toString(), note: `key ${(op.nonce >> 64n).toString()}, sequence ${seq}` },
    { label: 'factory', value: op.factory ?? '(none: the account exists)', mono: Boolean(op.factory), copy: Boolean(op.factory), ...(op.factory === UserOperation.EIP7702_MARKER ? { note: 'EIP-7702 marker: the sender is an EOA delegating to a contract' } : {}) },
  ]
  if (op.factory && op.factoryData !== '0x') rows.push({ label: 'factoryData', value: op.factoryData })
  rows.push({ label: 'callGasLimit', value: op.callGasLimit.toString() }, { label: 'verificationGasLimit', value: op.verificationGasLimit.toString() }, { label: 'preVerificationGas', value: op.preVerificationGas.toString() })
  rows.push({ label: 'maxFeePerGas', value: op.maxFeePerGas.toString(), note: 'wei' }, { label: 'maxPriorityFeePerGas', value: op.maxPriorityFeePerGas.toString(), note: 'wei' })
  if (op.paymaster) {
    rows.push({ label: 'paymaster', value: op.paymaster })
    if (version !== '0.6') rows.push({ label: 'paymasterVerificationGasLimit', value: op.paymasterVerificationGasLimit.toString() }, { label: 'paymasterPostOpGasLimit', value: op.paymasterPostOpGasLimit.toString() })
    rows.push({ label: 'paymasterData', value: op.paymasterData })
  }
  rows.push({ label: 'Most it can cost', value: UserOperation.maxCost(op, version).toString(), note: `wei: every gas limit × maxFeePerGas (the prefund ${op.paymaster ? 'the paymaster' : 'the account'} must hold)` })
  if (version !== '0.6') {
    const p = UserOperation.pack(op)
    rows.push({ label: 'accountGasLimits', value: p.accountGasLimits, note: 'verificationGasLimit ‖ callGasLimit, 16 bytes each' }, { label: 'gasFees', value: p.gasFees, note: 'maxPriorityFeePerGas ‖ maxFeePerGas, 16 bytes each' })
  }
  rows.push({ label: 'initCode', value: UserOperation.initCode(op) }, { label: 'paymasterAndData', value: UserOperation.paymasterAndData(op, version) })
  return { title: `User operation (v${version}${input.form === 'packed' ? ', pasted packed' : ''})`, rows }
}

function outputRows(op: UserOperation.UserOp, input: Input, chainId: bigint): Row[] {
  const { version } = input
  const rows: Row[] = [{ label: version === '0.6' ? 'User operation JSON' : 'Unpacked JSON (ERC-7769, for the bundler)', value: UserOperation.toJson(op, version) }]
  if (version !== '0.6') rows.push({ label: 'Packed JSON (PackedUserOperation)', value: UserOperation.toJson(op, version, 'packed') })
  rows.push({ label: 'eth_sendUserOperation', value: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendUserOperation', params: [JSON.parse(UserOperation.toJson(op, version)), input.entryPoint] }), note: `to a bundler for chain ${chainId}` })
  rows.push({ label: 'handleOps call data', value: UserOperation.handleOpsData([op], input.beneficiary, version), note: `handleOps([op], ${input.beneficiary}): send to the entry point ${input.entryPoint}` })
  rows.push({ label: 'getUserOpHash call data', value: UserOperation.getUserOpHashData(op, version) })
  return rows
}

/** The account's call data: the calls of a known account's execute/executeBatch, each decoded; else the call decoded as it is. */
async function callDataSections(callData: Hex): Promise<Section[]> {
  if (callData.length < 10) return [{ title: 'Account call', rows: [{ label: 'callData', value: callData === '0x' ? '(empty)' : callData, mono: callData !== '0x', copy: callData !== '0x', note: 'no function called' }] }]
  const table = await loadTable('function')
  const decode = (data: Hex, prefix: string): Section[] => {
    try {
      return callSections(Calldata.decodeCall(data, { table }), prefix)
    } catch (e) {
      return [{ title: `${prefix}: call`, rows: [{ label: 'data', value: data, note: e instanceof BaseError ? e.shortMessage : 'Not decodable.', tone: 'warn' }] }]
    }
  }
  const a = AccountCall.decode(callData)
  if (!a) return [{ title: 'Account call', rows: [{ label: 'account', value: 'not a known account\'s execute function', mono: false, tone: 'warn', note: 'decoded as a plain call below' }] }, ...decode(callData, 'callData')]
  const rows: Row[] = [
    { label: 'account', value: a.account, mono: false },
    { label: 'function', value: a.signature },
    ...(a.mode ? [{ label: 'mode', value: a.mode, mono: false }] : []),
  ]
  a.steps.forEach((s, i) => rows.push({ label: `call ${i + 1}`, value: `${s.operation.toUpperCase()} ${s.to}  value ${s.value}\n${s.data}`, ...(s.operation === 'delegatecall' ? { tone: 'warn' as const, note: 'DELEGATECALL: the target runs with the account\'s storage and balance' } : {}) }))
  const out: Section[] = [{ title: 'Account call', rows }]
  a.steps.forEach((s, i) => {
    if (s.data.length >= 10) out.push(...decode(s.data, `call ${i + 1}`))
  })
  return out
}

async function simulationSection(rpc: Rpc1193, op: UserOperation.UserOp, input: Input): Promise<Section> {
  const r = await UserOpSimulate.run(rpc, op, { version: input.version, entryPoint: input.entryPoint, beneficiary: input.beneficiary })
  const tone = r.status === 'executed' || r.status === 'passed' ? 'ok' : r.status === 'call-reverted' ? 'warn' : 'error'
  const rows: Row[] = [{ label: 'Simulation', value: `${r.status}: ${r.text}`, mono: false, tone, note: `handleOps through ${input.entryPoint} with ${r.method}, from ${input.beneficiary}${r.delegated ? `; the sender's code set to its delegation ${r.delegated}` : ''}` }]
  if (r.actualGasUsed !== undefined) rows.push({ label: 'Gas used by the op', value: r.actualGasUsed.toString(), note: `actualGasCost ${r.actualGasCost} wei` })
  if (r.gasUsed !== undefined) rows.push({ label: 'Gas used by handleOps', value: r.gasUsed.toString() })
  if (op.signature === '0x') rows.push({ label: 'Signature', value: 'empty: the account will refuse the op until it is signed', mono: false, tone: 'warn' })
  return { title: 'Simulation', rows }
}
