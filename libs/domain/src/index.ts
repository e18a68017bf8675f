export * from './city-slug';
