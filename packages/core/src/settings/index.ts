/** The console's Super Settings and feature flags, read by most domains (a floor above the kernel). */
export * from './settings';
