// The failure card of ComponentErrorBoundary for the public shell, loaded only when something failed
// (src/app/PublicApp.tsx): the same component, from src/components/StatusScreens.tsx.
// React.lazy needs a default export: this module is the lazy chunk of the public page's error screen.
// eslint-disable-next-line no-restricted-syntax
export { ComponentErrorScreen as default } from '../components/StatusScreens';
