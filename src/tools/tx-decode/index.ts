import * as Chains from '../../core/chain/Chains'
import * as SigningEngine from '../../core/sign/SigningEngine'
import * as TxDecode from '../../core/tx/TxDecode'
import { defineTool, fieldParser } from '../define'
import type { ToolResult } from '../types'
import meta from './meta'
import { onField } from '../kit/fields'
import { table as signatureTable } from '../kit/signatureTable'
import { decodedSections } from '../kit/txRows'

interface Input extends Record<string, unknown> {
  raw: string
  chainId?: bigint
}

export const parse = fieldParser<Input>({
  raw: (v) => v,
  chainId: (v) => (v.trim() === '' ? undefined : Chains.parseChainIdBig(v, 64)),
})

export default defineTool<Input>(meta, {
  parse,
  run: async ({ raw, chainId }): Promise<ToolResult> => {
    await SigningEngine.useWasmEngine()
    const d = onField('raw', ['raw'], () => TxDecode.decode(raw, chainId !== undefined ? { chainId } : {}))
    return {
      sections: decodedSections(d, d.tx.to && d.tx.data.length >= 10 ? await signatureTable('function') : undefined),
      ...(d.problems.length ? { notes: d.problems.map((text) => ({ tone: 'error' as const, text: `A node would refuse this: ${text}` })) } : {}),
    }
  },
})
