import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // 16^4 candidates on average for 4 fixed hex digits.
  { title: 'How long for a 4-digit prefix', inputs: { action: 'mine', convention: 'proxy', mode: 'prefix', prefix: 'beef', initCodeHash: '0x21c35dbe1b344a2488cf3321d6ce542f8e9f305544ff09e4993a62319a497c1f' }, expect: { 'Expected attempts': '65,536' } },
  // `cast create2 --deployer 0x4e59… --salt 0x…01 --init-code-hash 0x21c3…`.
  { title: 'Check a salt: deterministic deployment proxy, salt 1', inputs: { action: 'check', convention: 'proxy', salt: '0x0000000000000000000000000000000000000000000000000000000000000001', initCodeHash: '0x21c35dbe1b344a2488cf3321d6ce542f8e9f305544ff09e4993a62319a497c1f' },
    expect: { Address: '0xda6AAECE7c33947F0cbb0539Cc39d4F3417c1fA0' } },
  // guarded = `cast keccak $(cast abi-encode "f(address,uint256,bytes32)" <caller> 1 <salt>)`, then
  // `cast create2 --deployer 0xba5E… --salt <guarded> --init-code …` and `cast calldata "deployCreate2(bytes32,bytes)" …`.
  { title: 'Check a CreateX salt (permissioned, cross-chain protected)', inputs: { action: 'check', convention: 'createx', caller: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', crossChain: 'true', chainId: '1',
    salt: '0x70997970c51812dc3a010c7d01b50e0d17dc79c801000000000000000000002a', initCode: '0x600a600c600039600a6000f3602a60005260206000f3' },
    expect: { 'Guarded salt (CreateX)': '0x7921f4ec5cc8a7d4df4ae14ae912b9137701ccde5a23e40e6a9005313a76626e', Address: '0x0BB8C9Bf7F10BA4E79D7880D217f423aBa946Eb0',
      'Call data': '0x2630766870997970c51812dc3a010c7d01b50e0d17dc79c801000000000000000000002a00000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000016600a600c600039600a6000f3602a60005260206000f300000000000000000000' } },
  // `cast create2 --deployer 0x0000…9497 --salt … --init-code …` and `cast calldata "safeCreate2(bytes32,bytes)" …`.
  { title: 'Check an ImmutableCreate2Factory salt (caller-prefixed)', inputs: { action: 'check', convention: 'immutable', caller: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    salt: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8000000000000000000000007', initCode: '0x600a600c600039600a6000f3602a60005260206000f3' },
    expect: { Address: '0xE2cC1fa073CDF51013992F8501134467C4D44595',
      'Call data': '0x64e0308770997970c51812dc3a010c7d01b50e0d17dc79c800000000000000000000000700000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000016600a600c600039600a6000f3602a60005260206000f300000000000000000000' } },
  // createXcrunch's own flags (HrikB/createXcrunch src/cli.rs): create2 --caller, --code-hash, --gpu-device-id, --leading.
  { title: 'The createXcrunch command for 4 leading zero bytes (CreateX, permissioned)', inputs: { action: 'mine', convention: 'createx', caller: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', mode: 'zeros', zeroBytes: '4', initCodeHash: '0x21c35dbe1b344a2488cf3321d6ce542f8e9f305544ff09e4993a62319a497c1f' },
    expect: { 'createXcrunch command': './target/release/createxcrunch create2 --factory 0xba5ed099633d3b313e4d5f7bdc1305d3c28ba5ed --caller 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 --code-hash 0x21c35dbe1b344a2488cf3321d6ce542f8e9f305544ff09e4993a62319a497c1f --gpu-device-id 0 --leading 4' } },
]
