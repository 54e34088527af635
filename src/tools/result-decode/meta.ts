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
})
