import type { ToolEntry } from '../types'
import { entry } from './entry'
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

/** The calldata tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [
  calldataDecodeMeta, abiEncodeMeta, abiMeta, errorDecodeMeta, eventDecodeMeta, resultDecodeMeta,
  abiEncodeRawMeta, hexBytesMeta, signatureFromSelectorMeta, bytecodeSelectorsMeta, eventEncodeMeta,
  disassembleMeta, opcodesMeta,
].map(entry)
