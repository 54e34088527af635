import * as Signing from '../../core/sign/Signing'
import * as TypedDataView from '../../core/sign/TypedDataView'
import { defineTool, fieldParser } from '../define'
import type { ToolResult } from '../types'
import meta from './meta'
import { privateKey, signingAddress } from '../kit/fields'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'
import { typedDataSections } from '../kit/typedDataRows'

interface Input extends Record<string, unknown> {
  typedData: TypedDataView.Parsed
  typedDataText: string
  privateKey?: `0x${string}`
}

export const parse = fieldParser<Input>({
  typedData: (v, raw) => {
    const td = TypedDataView.parse(v)
    // Signing refuses a mixed-case address that fails its checksum (EIP-55, or EIP-1191 on
    // chains 30/31), wherever it is in the typed data; showing the digest only warns.
    if ((raw.privateKey ?? '').trim() !== '') {
      const chainId = td.domain.chainId
      for (const m of v.matchAll(/"(0x[0-9a-fA-F]{40})"/g)) signingAddress('typedData', m[1]!, chainId === undefined ? undefined : String(chainId))
    }
    return td
  },
  typedDataText: (_v, raw) => raw.typedData ?? '',
  privateKey: (v) => (v.trim() === '' ? undefined : privateKey(v)),
})

export default defineTool<Input>(meta, {
  parse,
  run: async ({ typedData, typedDataText, privateKey }): Promise<ToolResult> => {
    await Signing.useWasmEngine()
    const { sections, notes } = typedDataSections(typedData)
    notes.unshift(...PublicTestKeys.notes({ keys: [privateKey] }))
    const chainId = domainChainId(typedData.domain)
    if (chainId !== null)
      notes.push({
        tone: 'info',
        text: `The domain names chain id ${chainId}: the signature is meant for that chain.`,
        whenChainIsNot: { chain: chainId, text: `This typed data is for chain id ${chainId}, not the chain you are connected to: a signature made here can be used on chain ${chainId}.`, replaces: true },
      })
    if (privateKey) {
      const s = Signing.signTypedData(privateKey, typedData)
      sections.unshift({
        title: 'Signature',
        rows: [
          { label: 'Signature', value: s.signature, open: { tool: 'verify-signature', inputs: { message: typedDataText, signature: s.signature, expected: s.signer, mode: 'eip712' }, label: 'Verify it' } },
          { label: 'Signer', value: s.signer },
          { label: 'r', value: s.r },
          { label: 's', value: s.s },
          { label: 'v', value: String(s.v), mono: false },
        ],
      })
    }
    return { sections, ...(notes.length ? { notes } : {}) }
  },
})

/** The domain's chainId as a number, or null when it has none (or not a safe integer). */
function domainChainId(domain: Record<string, unknown>): number | null {
  const v = domain.chainId
  if (v === undefined || v === null) return null
  const n = Number(typeof v === 'bigint' ? v : String(v))
  return Number.isSafeInteger(n) && n >= 0 ? n : null
}
