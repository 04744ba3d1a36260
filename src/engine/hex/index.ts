export * from './lattice';
export * from './sheets';
