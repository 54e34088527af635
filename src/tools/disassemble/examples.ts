import type { Example } from '../types'

// Hand-assembled creation code: CODECOPY(0, 0x0c, 0x0a) RETURN(0, 0x0a), then the 10-byte
// runtime MSTORE(0, 42) RETURN(0, 32) (`cast disassemble` lists both parts).
const init = '0x600a600c600039600a6000f3602a60005260206000f3'

// solc 0.8.37 (optimizer, 200 runs): foo(uint256), transfer(address,uint256) and bar(); its
// selectors are solc's methodIdentifiers, and its last 53 bytes are solc's CBOR metadata
// (ipfs 0x1220…, solc 0x000825 = 0.8.37, then the length 0x0033).
const example = '0x6080604052348015600e575f5ffd5b5060043610603a575f3560e01c80632fbebd3814603e578063a9059cbb146063578063febb0f7e14608d575b5f5ffd5b60506049366004609a565b5f81905590565b6040519081526020015b60405180910390f35b607e606e36600460b0565b5f556001600160a01b0316151590565b6040519015158152602001605a565b604051338152602001605a565b5f6020828403121560a9575f5ffd5b5035919050565b5f5f6040838503121560c0575f5ffd5b82356001600160a01b038116811460d5575f5ffd5b94602093909301359350505056fea26469706673582212202368296d52edf83f3a564ecfbaacf8c93bd64906e00291e07ec40d7287d3092a64736f6c63430008250033'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'Runtime code compiled by solc', inputs: { source: 'code', code: example },
    expect: { Size: '281 bytes', '0xa9059cbb': 'transfer(address,uint256)', Compiler: 'solc 0.8.37', 'IPFS multihash': '0x12202368296d52edf83f3a564ecfbaacf8c93bd64906e00291e07ec40d7287d3092a' } },
  { title: 'Creation code, split', inputs: { source: 'code', code: init }, expect: { Size: '22 bytes', Constructor: '12 bytes', Runtime: '10 bytes' } },
  { title: 'The devnet\'s Store contract, by address', inputs: { source: 'address', address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8' },
    expect: { Size: '212 bytes' } },
]
