// The router library on its own (main.tsx evaluates it before the app that uses it).
export { BrowserRouter, matchRoutes, useRoutes } from 'react-router-dom';
