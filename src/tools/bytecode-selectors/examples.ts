import type { Example } from '../types'

// The example: a contract compiled by solc 0.8.37 (optimizer, 200 runs) with foo(uint256),
// transfer(address,uint256) and bar(); its selectors are solc's methodIdentifiers and what
// `cast selectors` lists for this code (0x2fbebd38, 0xa9059cbb, 0xfebb0f7e); the argument types are
// solc's (foo's uint256, bar's none), and transfer and bar() (SushiMaker's, #27) are the ones the offline table names.
const example = '0x6080604052348015600e575f5ffd5b5060043610603a575f3560e01c80632fbebd3814603e578063a9059cbb146063578063febb0f7e14608d575b5f5ffd5b60506049366004609a565b5f81905590565b6040519081526020015b60405180910390f35b607e606e36600460b0565b5f556001600160a01b0316151590565b6040519015158152602001605a565b604051338152602001605a565b5f6020828403121560a9575f5ffd5b5035919050565b5f5f6040838503121560c0575f5ffd5b82356001600160a01b038116811460d5575f5ffd5b94602093909301359350505056fea26469706673582212202368296d52edf83f3a564ecfbaacf8c93bd64906e00291e07ec40d7287d3092a64736f6c63430008250033'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'A small contract', inputs: { code: example },
    expect: { '0x2fbebd38': '0x2fbebd38(uint256)', '0xa9059cbb': 'transfer(address,uint256)', '0xfebb0f7e': 'bar()', Signatures: 'function transfer(address,uint256)\nfunction bar() view' } },
]
