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
  { meta: calldataDecodeMeta, load: () => import('../calldata-decode') },
  { meta: abiEncodeMeta, load: () => import('../abi-encode') },
  { meta: abiMeta, load: () => import('../abi') },
  { meta: errorDecodeMeta, load: () => import('../error-decode') },
  { meta: eventDecodeMeta, load: () => import('../event-decode') },
  { meta: resultDecodeMeta, load: () => import('../result-decode') },
  { meta: abiEncodeRawMeta, load: () => import('../abi-encode-raw') },
  { meta: hexBytesMeta, load: () => import('../hex-bytes') },
  { meta: signatureFromSelectorMeta, load: () => import('../signature-from-selector') },
  { meta: bytecodeSelectorsMeta, load: () => import('../bytecode-selectors') },
  { meta: eventEncodeMeta, load: () => import('../event-encode') },
  { meta: disassembleMeta, load: () => import('../disassemble') },
  { meta: opcodesMeta, load: () => import('../opcodes') },
]
