import { mount } from 'svelte'
import App from './App.svelte'
import { pickApi } from './api'
import './app.css'

// The transport is chosen once, here; nothing below knows which one it got.
mount(App, { target: document.getElementById('app')!, props: { api: pickApi() } })
