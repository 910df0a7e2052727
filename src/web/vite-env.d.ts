// Vite's client types (CSS imports, import.meta.env) for the web client.
/// <reference types="vite/client" />
