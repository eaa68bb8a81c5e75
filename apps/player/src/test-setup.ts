// Player (jsdom) tests: how long findBy…/waitFor wait for what a screen shows. Pages and their texts
// load lazily (decision 033), and in `npm test` this tier shares the two cores with the browser
// journeys (decision 034): Testing Library's default of 1 s was missed under that load. A wait still
// fails when the thing never comes; it only stops failing because the machine is busy.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
