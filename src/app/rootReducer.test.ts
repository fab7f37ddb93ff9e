import { describe, expect, it } from 'vitest';
import { createSlice } from '@reduxjs/toolkit';
import { injectLazySlice, rootReducer } from './rootReducer';

const probeSlice = createSlice({
  name: 'lazyProbe',
  initialState: { count: 0 },
  reducers: { counted: (state) => void (state.count += 1) },
  selectors: { selectCount: (state) => state.count },
});

describe('injectLazySlice', () => {
  it('answers the initial state before the slice has state, and adds it to the root reducer', () => {
    const before = rootReducer(undefined, { type: 'test/init' });
    expect(before).not.toHaveProperty('lazyProbe');
    const injected = injectLazySlice(probeSlice);
    expect(injected.selectors.selectCount(before as never)).toBe(0);
    const after = rootReducer(before, injected.actions.counted());
    expect(after).toHaveProperty('lazyProbe', { count: 1 });
    expect(injected.selectors.selectCount(after as never)).toBe(1);
  });
});
