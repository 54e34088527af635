import { defineMeta } from '../define'
import { checkbox, numeric, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'siwe',
  title: 'Sign-In with Ethereum (EIP-4361)',
  summary: 'Parse a SIWE message, list its fields with the problems found (expiry, not-before, wrong domain, chain or nonce), and verify its signature.',
  capability: 'signing',
  keywords: ['siwe', 'sign-in with ethereum', 'eip-4361', 'erc-4361', 'login', 'authentication', 'nonce', 'expiration', 'session'],
  // A network tool only for the opt-in chain check (contract accounts); live as before, and
  // without the box ticked it contacts nothing.
  runs: 'network',
  live: true,
  fields: [
    textarea('message', 'SIWE message', { placeholder: 'example.com wants you to sign in with your Ethereum account:\n0x…' }),
    text('signature', 'Signature (optional)', { placeholder: '0x… (65 bytes)' }),
    text('domain', 'Expected domain (optional)', { placeholder: 'example.com', help: 'The site you are on: a different domain in the message means phishing.' }),
    numeric('chainId', 'Expected chain id (optional)'),
    text('nonce', 'Expected nonce (optional)'),
    checkbox('onchain', 'Check contract accounts on the connected chain (ERC-1271, ERC-6492, EIP-7702)', false, { help: 'For a smart-contract wallet login: the message address is asked isValidSignature (or checked as a not-yet-deployed ERC-6492 account) on the connected chain.' }),
  ],
})
