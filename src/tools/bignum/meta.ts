import { defineMeta } from '../define'

const modes = ['unbounded', ...[256, 128, 64, 32, 16, 8].flatMap((b) => [`uint${b}`, `int${b}`])]

export default defineMeta({
  id: 'bignum',
  title: 'Big number calculator',
  summary: 'Integer expressions in decimal, hex, binary and octal, unbounded or with EVM uint/int semantics.',
  capability: 'bignum',
  keywords: ['bigint', 'uint256', 'int256', 'hex', 'binary', 'octal', 'decimal', 'base', 'convert', 'calculator', 'twos complement', 'overflow', 'mulDiv', 'sqrt', 'bitwise', 'shift', 'BigNumber', 'word'],
  runs: 'main',
  fields: [
    { name: 'expr', label: 'Expression', kind: 'text', default: '2**256 - 1', placeholder: 'type(uint256).max / 3',
      help: 'Numbers: 42, 0x2a, 0b101010, 0o52, 1e18, 1_000, ethers BigNumber JSON. Operators: + - * / % ** & | ^ ~ << >> < > == != and ( ). Functions: min, max, abs, sqrt, mulDiv(a, b, c).' },
    { name: 'mode', label: 'Arithmetic', kind: 'select', default: 'unbounded',
      options: modes.map((m) => ({ value: m, label: m === 'unbounded' ? 'unbounded integers' : `EVM ${m} (wraps)` })) },
  ],
  examples: [
    { title: 'uint256 max', inputs: { expr: 'type(uint256).max' }, expect: { hex: `0x${'f'.repeat(64)}`, 'bit length': '256' } },
    { title: 'Hex to decimal', inputs: { expr: '0xde0b6b3a7640000' }, expect: { decimal: '1000000000000000000' } },
    { title: '0 - 1 wraps in uint256', inputs: { expr: '0 - 1', mode: 'uint256' }, expect: { decimal: '115792089237316195423570985008687907853269984665640564039457584007913129639935' } },
    { title: '-1 as an int256 word', inputs: { expr: '-1', mode: 'int256' }, expect: { '32-byte word': `0x${'f'.repeat(64)}`, 'as int256': '-1' } },
    { title: 'mulDiv without overflow', inputs: { expr: 'mulDiv(2**200, 3e18, 1e18)' }, expect: { decimal: (2n ** 200n * 3n).toString() } },
  ],
})
