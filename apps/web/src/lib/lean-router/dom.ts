// 'react-router/dom' in the browser build: the provider (docs/decisions/0033).
export { RouterProvider } from './index';
