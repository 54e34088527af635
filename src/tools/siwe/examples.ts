import type { Example } from '../types'

const LOGIN_XYZ = [
  'login.xyz wants you to sign in with your Ethereum account:',
  '0x9D85ca56217D2bb651b00f15e694EB7E713637D4',
  '',
  'Sign-In With Ethereum Example Statement',
  '',
  'URI: https://login.xyz',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: bTyXgcQxn2htgkjJn',
  'Issued At: 2022-01-27T17:09:38.578Z',
  'Expiration Time: 2100-01-07T14:31:43.952Z',
].join('\n')
const ERC_EXAMPLE = [
  'example.com wants you to sign in with your Ethereum account:',
  '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  '',
  'I accept the ExampleOrg Terms of Service: https://example.com/tos',
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756',
  'Issued At: 2021-09-30T16:25:24Z',
  'Resources:',
  '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
  '- https://example.com/my-web2-claim.json',
].join('\n')

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // spruceid/siwe test/verification_positive.json "example message".
  { title: 'A signed login (spruceid/siwe test vector)', inputs: { message: LOGIN_XYZ, signature: '0xdc35c7f8ba2720df052e0092556456127f00f7707eaa8e3bbff7e56774e7f2e05a093cfc9e02964c33d86e8e066e221b7d153d27e5a2e97ccd5ca7d3f2ce06cb1b' }, expect: {
    Signature: 'Valid: signed by 0x9D85ca56217D2bb651b00f15e694EB7E713637D4',
    Domain: 'login.xyz',
    Nonce: 'bTyXgcQxn2htgkjJn',
  } },
  // ERC-4361's first example message, checked from another site.
  { title: "ERC-4361's example, opened on the wrong site", inputs: { message: ERC_EXAMPLE, domain: 'examp1e.com' }, expect: {
    Domain: 'example.com',
    Resources: 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/\nhttps://example.com/my-web2-claim.json',
  } },
]
