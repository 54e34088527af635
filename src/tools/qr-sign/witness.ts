/** A witness from the online device, verified and simulated offline (issue #26; src/tools/kit/signWitness). */
export { check, preload, type Checked } from '../kit/signWitness'
