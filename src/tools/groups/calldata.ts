import type { ToolEntry } from '../types'
import abiMeta from '../abi/meta'
import abiEncodeMeta from '../abi-encode/meta'
import abiEncodeRawMeta from '../abi-encode-raw/meta'
import calldataDecodeMeta from '../calldata-decode/meta'
import resultDecodeMeta from '../result-decode/meta'
import errorDecodeMeta from '../error-decode/meta'
import eventDecodeMeta from '../event-decode/meta'
import hexBytesMeta from '../hex-bytes/meta'
import signatureFromSelectorMeta from '../signature-from-selector/meta'
import bytecodeSelectorsMeta from '../bytecode-selectors/meta'
import eventEncodeMeta from '../event-encode/meta'
import disassembleMeta from '../disassemble/meta'
import opcodesMeta from '../opcodes/meta'

/** The calldata tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: calldataDecodeMeta, load: () => import('../calldata-decode'), examples: () => import('../calldata-decode/examples') },
  { meta: abiEncodeMeta, load: () => import('../abi-encode'), examples: () => import('../abi-encode/examples') },
  { meta: abiMeta, load: () => import('../abi'), examples: () => import('../abi/examples') },
  { meta: errorDecodeMeta, load: () => import('../error-decode'), examples: () => import('../error-decode/examples') },
  { meta: eventDecodeMeta, load: () => import('../event-decode'), examples: () => import('../event-decode/examples') },
  { meta: resultDecodeMeta, load: () => import('../result-decode'), examples: () => import('../result-decode/examples') },
  { meta: abiEncodeRawMeta, load: () => import('../abi-encode-raw'), examples: () => import('../abi-encode-raw/examples') },
  { meta: hexBytesMeta, load: () => import('../hex-bytes'), examples: () => import('../hex-bytes/examples') },
  { meta: signatureFromSelectorMeta, load: () => import('../signature-from-selector'), examples: () => import('../signature-from-selector/examples') },
  { meta: bytecodeSelectorsMeta, load: () => import('../bytecode-selectors'), examples: () => import('../bytecode-selectors/examples') },
  { meta: eventEncodeMeta, load: () => import('../event-encode'), examples: () => import('../event-encode/examples') },
  { meta: disassembleMeta, load: () => import('../disassemble'), examples: () => import('../disassemble/examples') },
  { meta: opcodesMeta, load: () => import('../opcodes'), examples: () => import('../opcodes/examples') },
]
