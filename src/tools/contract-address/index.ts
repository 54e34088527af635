import * as AddressCheck from '../../core/address/AddressCheck'
import * as ContractAddress from '../../core/address/ContractAddress'
import { defineTool, fieldParser } from '../define'
import type { Row } from '../types'
import meta from './meta'

type Code = { initCode: `0x${string}` } | { initCodeHash: `0x${string}` }

interface Input extends Record<string, unknown> {
  mode: 'create' | 'create2'
  deployer: string
  // nonce for CREATE; salt and init code (or its hash) for CREATE2 (meta's showWhen).
  nonce?: bigint
  salt?: { salt: `0x${string}`; padded: boolean }
  initCode?: Code | null
  initCodeHash?: null
}

export const parse = fieldParser<Input>({
  mode: (v) => (v === 'create2' ? 'create2' : 'create'),
  deployer: (v) => AddressCheck.parse(v),
  nonce: (v) => ContractAddress.parseNonce(v),
  salt: (v) => ContractAddress.parseSalt(v),
  initCode: (v, raw) => {
    if (v.trim() !== '') return { initCode: ContractAddress.parseHexBytes(v, 'init code') }
    if ((raw.initCodeHash ?? '').trim() === '') throw new ContractAddress.MissingInitCodeError()
    try {
      return { initCodeHash: parseHash(raw.initCodeHash ?? '') }
    } catch {
      return null // reported at the init code hash field
    }
  },
  initCodeHash: (v, raw) => {
    if (v.trim() === '') return null
    const hash = parseHash(v)
    // Both given: they must agree (an unparseable init code is reported at its own field).
    if ((raw.initCode ?? '').trim() !== '') {
      let code: `0x${string}` | undefined
      try {
        code = ContractAddress.parseHexBytes(raw.initCode ?? '', 'init code')
      } catch {
        code = undefined
      }
      if (code) ContractAddress.checkInitCodeHash(code, hash)
    }
    return null
  },
}, meta)

function parseHash(v: string): `0x${string}` {
  const h = ContractAddress.parseHexBytes(v, 'init code hash', 32)
  if (h.length !== 66) throw new ContractAddress.InvalidHexError('init code hash', `The init code hash is 32 bytes (64 hex digits); this one has ${(h.length - 2) / 2} byte${h.length === 4 ? '' : 's'}.`)
  return h
}

export default defineTool<Input>(meta, {
  parse,
  run: (input) => {
    const rows: Row[] = []
    if (input.mode === 'create') {
      const r = ContractAddress.create(input.deployer, input.nonce!)
      rows.push({ label: 'Contract address', value: r.address, open: { tool: 'account', inputs: { address: r.address }, label: 'Look it up on chain' } })
      rows.push({ label: 'RLP([deployer, nonce])', value: r.rlp, note: 'The address is the last 20 bytes of keccak256 of these bytes.', open: { tool: 'hash', inputs: { input: r.rlp, encoding: 'hex' }, label: 'Hash these bytes' } })
    } else {
      const r = ContractAddress.create2(input.deployer, input.salt!.salt, input.initCode!)
      rows.push({ label: 'Contract address', value: r.address, open: { tool: 'account', inputs: { address: r.address }, label: 'Look it up on chain' } })
      rows.push({ label: 'Init code hash', value: r.initCodeHash })
      rows.push({ label: 'Salt (32 bytes)', value: r.salt, ...(input.salt!.padded ? { note: 'Left-padded to 32 bytes.' } : {}) })
      rows.push({ label: 'Preimage', value: r.preimage, note: '0xff ++ deployer ++ salt ++ keccak256(init code); the address is the last 20 bytes of its keccak256.' })
    }
    return { sections: [{ rows }] }
  },
})
