export * from './commerce';
export * from './console';
export * from './endpoint';
export * from './endpoints';
export * from './library';
export * from './media';
export * from './members';
export * from './titles';
