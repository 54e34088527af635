/**
 * The hardforks the opcode tools offer, as select options (cheap data for meta.ts: no core
 * import). `src/tools/opcodes/index.test.ts` holds them equal to `core/bytecode/Opcodes.HARDFORKS`.
 */
export const HARDFORK_OPTIONS = [
  { value: 'chainstart', label: 'Frontier' },
  { value: 'homestead', label: 'Homestead' },
  { value: 'dao', label: 'DAO' },
  { value: 'tangerineWhistle', label: 'Tangerine Whistle' },
  { value: 'spuriousDragon', label: 'Spurious Dragon' },
  { value: 'byzantium', label: 'Byzantium' },
  { value: 'constantinople', label: 'Constantinople' },
  { value: 'petersburg', label: 'Petersburg' },
  { value: 'istanbul', label: 'Istanbul' },
  { value: 'muirGlacier', label: 'Muir Glacier' },
  { value: 'berlin', label: 'Berlin' },
  { value: 'london', label: 'London' },
  { value: 'arrowGlacier', label: 'Arrow Glacier' },
  { value: 'grayGlacier', label: 'Gray Glacier' },
  { value: 'paris', label: 'Paris (the Merge)' },
  { value: 'mergeNetsplitBlock', label: 'Merge netsplit block' },
  { value: 'shanghai', label: 'Shanghai' },
  { value: 'cancun', label: 'Cancun' },
  { value: 'prague', label: 'Prague' },
  { value: 'osaka', label: 'Osaka' },
  { value: 'bpo1', label: 'BPO1' },
  { value: 'bpo2', label: 'BPO2' },
  { value: 'amsterdam', label: 'Amsterdam' },
] as const

/** The default: Osaka (the blob-parameter-only forks after it change no opcode). */
export const DEFAULT_HARDFORK = 'osaka'
