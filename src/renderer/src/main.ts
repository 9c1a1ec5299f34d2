import { mount } from 'svelte'
import App from './App.svelte'
import { lazyApi } from './api/lazy-api'
import './app.css'

// The transport is chosen once, here (loaded after the first paint: the menu does not need it); nothing
// below knows which one it got.
mount(App, { target: document.getElementById('app')!, props: { api: lazyApi(() => import('./api').then((m) => m.pickApi())) } })
