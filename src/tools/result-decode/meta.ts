import { defineMeta } from '../define'
import { abi, hexData, text } from '../kit/fieldKinds'

export default defineMeta({
  id: 'result-decode',
  title: 'Decode return data',
  summary: "Decode what a call returned, from the function's outputs in an ABI, a signature with returns, or a list of types.",
  capability: 'calldata',
  keywords: ['decode', 'return data', 'result', 'output', 'eth_call', 'decodeFunctionResult', 'abi.decode', 'decode-abi'],
  runs: 'main',
  fields: [
    hexData('data', 'Return data'),
    abi('ABI (optional)', { help: 'With an ABI, name the function below.' }),
    text('function', 'Function or output types', { placeholder: 'balanceOf  |  function f() returns (uint256, string)  |  (uint256,string)', help: 'A function name in the ABI, a signature with returns, or the output types (as abi.decode takes them).' }),
  ],
})
