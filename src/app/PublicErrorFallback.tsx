// The failure card of ComponentErrorBoundary for the public shell, loaded only when something failed
// (src/app/PublicApp.tsx): the same component, from src/components/StatusScreens.tsx.
export { ComponentErrorScreen as default } from '../components/StatusScreens';
