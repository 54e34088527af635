import { defineMeta } from '../define'
import { select, text } from '../kit/fieldKinds'

const modes = ['unbounded', ...[256, 128, 64, 32, 16, 8].flatMap((b) => [`uint${b}`, `int${b}`])]

export default defineMeta({
  id: 'bignum',
  title: 'Big number calculator',
  summary: 'Integer expressions in decimal, hex, binary and octal, unbounded or with EVM uint/int semantics.',
  capability: 'bignum',
  keywords: ['bigint', 'uint256', 'int256', 'hex', 'binary', 'octal', 'decimal', 'base', 'convert', 'calculator', 'twos complement', 'overflow', 'mulDiv', 'sqrt', 'bitwise', 'shift', 'BigNumber', 'word'],
  runs: 'main',
  fields: [
    text('expr', 'Expression', { default: '2**256 - 1', placeholder: 'type(uint256).max / 3', help: 'Numbers: 42, 0x2a, 0b101010, 0o52, 1e18, 1_000, ethers BigNumber JSON. Operators: + - * / % ** & | ^ ~ << >> < > == != and ( ). Functions: min, max, abs, sqrt, mulDiv(a, b, c).' }),
    select('mode', 'Arithmetic', modes.map((m) => ({ value: m, label: m === 'unbounded' ? 'unbounded integers' : `EVM ${m} (wraps)` })), { default: 'unbounded' }),
  ],
})
