// The router library on its own (main.tsx evaluates it before the app that uses it).
export { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
