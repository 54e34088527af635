import { defineMeta } from '../define'

export default defineMeta({
  id: 'result-decode',
  title: 'Decode return data',
  summary: "Decode what a call returned, from the function's outputs in an ABI, a signature with returns, or a list of types.",
  capability: 'calldata',
  keywords: ['decode', 'return data', 'result', 'output', 'eth_call', 'decodeFunctionResult', 'abi.decode', 'decode-abi'],
  runs: 'main',
  fields: [
    { name: 'data', label: 'Return data', kind: 'textarea', placeholder: '0x…' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea', help: 'With an ABI, name the function below.' },
    { name: 'function', label: 'Function or output types', kind: 'text', placeholder: 'balanceOf  |  function f() returns (uint256, string)  |  (uint256,string)',
      help: 'A function name in the ABI, a signature with returns, or the output types (as abi.decode takes them).' },
  ],
  examples: [
    {
      title: 'uint256 and string (data from cast abi-encode)',
      inputs: { data: '0x000000000000000000000000000000000000000000000000000000000000002a0000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000000568656c6c6f000000000000000000000000000000000000000000000000000000', function: '(uint256 answer, string greeting)' },
      expect: { answer: '42', greeting: 'hello' },
    },
    {
      title: 'balanceOf from an ERC-20 ABI',
      inputs: { data: '0x00000000000000000000000000000000000000000000000014d1120d7b160000', abi: 'function balanceOf(address owner) view returns (uint256 balance)', function: 'balanceOf' },
      expect: { balance: '1500000000000000000' },
    },
  ],
})
