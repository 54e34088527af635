import './trustedTypesInstall'
import './connection/connectPolicyInstall'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { applyTheme, loadTheme } from './theme'
import { UpdatePrompt } from './UpdatePrompt'
import './styles.css'

applyTheme(loadTheme())
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
    <UpdatePrompt />
  </StrictMode>,
)
