/**
 * A beacon block's execution payload (Beacon API JSON: snake_case names, decimal numbers) as the
 * execution layer's engine API writes it (camelCase, hex quantities): what `cast b2e-payload`
 * prints. V3 (Deneb: blob gas fields), V2 (Capella: withdrawals) or V1 (Bellatrix), by the
 * fields present.
 *
 * @example
 * ```ts
 * BeaconPayload.convert(beaconBlockJson).json // '{"parentHash":"0x…","blockNumber":"0x1406f40",…}'
 * ```
 */
import * as JsonText from '../format/JsonText'
import { errorType } from '../Errors'

export type Version = 'V1' | 'V2' | 'V3'

export interface Converted {
  version: Version
  /** The engine API payload, keys in the engine API's order. */
  payload: Record<string, unknown>
  /** Compact JSON, as cast prints it. */
  json: string
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

function field(o: Obj, name: string, where: string): unknown {
  if (!(name in o)) throw new InvalidPayloadError(`${where} has no "${name}".`)
  return o[name]
}

function quantity(o: Obj, name: string, where: string): string {
  const v = field(o, name, where)
  const t = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v
  if (typeof t !== 'string' || !/^\d{1,78}$/.test(t) || BigInt(t) >= 1n << 256n) throw new InvalidPayloadError(`${where}.${name} is not a decimal number: ${JSON.stringify(v)?.slice(0, 40)}.`)
  return `0x${BigInt(t).toString(16)}`
}

function hexData(o: Obj, name: string, where: string, bytes?: number): string {
  const v = field(o, name, where)
  if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw new InvalidPayloadError(`${where}.${name} is not 0x-hex bytes.`)
  if (bytes !== undefined && v.length !== 2 + 2 * bytes) throw new InvalidPayloadError(`${where}.${name} is ${(v.length - 2) / 2} bytes; it should be ${bytes}.`)
  return v.toLowerCase()
}

/** The execution payload object inside what was pasted: a signed beacon block, a Beacon API response (`data`), or the payload itself. */
function payloadOf(root: unknown): Obj {
  let r = root
  if (isObj(r) && isObj(r.data) && !('message' in r)) r = r.data
  if (isObj(r) && isObj(r.message) && isObj(r.message.body) && isObj(r.message.body.execution_payload)) return r.message.body.execution_payload
  if (isObj(r) && 'parent_hash' in r && 'block_hash' in r) return r
  throw new InvalidPayloadError('No execution payload found: expected a beacon block with message.body.execution_payload.')
}

/** Converts a beacon block (JSON text) to its execution payload in the engine API's form. */
export function convert(text: string): Converted {
  let root: unknown
  try {
    root = JSON.parse(text)
  } catch (e) {
    throw new InvalidPayloadError(`Not JSON: ${JsonText.problem(text, e)}`)
  }
  const p = payloadOf(root)
  const w = 'execution_payload'
  const txs = field(p, 'transactions', w)
  if (!Array.isArray(txs)) throw new InvalidPayloadError(`${w}.transactions is not a list.`)
  const payload: Obj = {
    parentHash: hexData(p, 'parent_hash', w, 32),
    feeRecipient: hexData(p, 'fee_recipient', w, 20),
    stateRoot: hexData(p, 'state_root', w, 32),
    receiptsRoot: hexData(p, 'receipts_root', w, 32),
    logsBloom: hexData(p, 'logs_bloom', w, 256),
    prevRandao: hexData(p, 'prev_randao', w, 32),
    blockNumber: quantity(p, 'block_number', w),
    gasLimit: quantity(p, 'gas_limit', w),
    gasUsed: quantity(p, 'gas_used', w),
    timestamp: quantity(p, 'timestamp', w),
    extraData: hexData(p, 'extra_data', w),
    baseFeePerGas: quantity(p, 'base_fee_per_gas', w),
    blockHash: hexData(p, 'block_hash', w, 32),
    transactions: txs.map((_, i) => hexData(txs as unknown as Obj, String(i), `${w}.transactions`)),
  }
  let version: Version = 'V1'
  if ('withdrawals' in p) {
    const ws = p.withdrawals
    if (!Array.isArray(ws)) throw new InvalidPayloadError(`${w}.withdrawals is not a list.`)
    payload.withdrawals = ws.map((x, i) => {
      const at = `${w}.withdrawals[${i}]`
      if (!isObj(x)) throw new InvalidPayloadError(`${at} is not an object.`)
      return { index: quantity(x, 'index', at), validatorIndex: quantity(x, 'validator_index', at), address: hexData(x, 'address', at, 20), amount: quantity(x, 'amount', at) }
    })
    version = 'V2'
    if ('blob_gas_used' in p && 'excess_blob_gas' in p) {
      payload.blobGasUsed = quantity(p, 'blob_gas_used', w)
      payload.excessBlobGas = quantity(p, 'excess_blob_gas', w)
      version = 'V3'
    }
  }
  return { version, payload, json: JSON.stringify(payload) }
}

export class InvalidPayloadError extends errorType('BeaconPayload.InvalidPayloadError', ['Paste a block from the Beacon API (/eth/v2/beacon/blocks/<id>): its data, or the whole response.']) {}
