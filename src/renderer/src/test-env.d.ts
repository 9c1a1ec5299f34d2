// Types for component tests: jest-dom's matchers on vitest's expect (registered at runtime by test/dom-setup.ts).
import '@testing-library/jest-dom/vitest'
