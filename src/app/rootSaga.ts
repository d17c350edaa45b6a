import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/state/authSaga';
import { preferencesSaga } from './preferences/preferencesSaga';
import { resourceSagas } from './resource/registry';

export function* rootSaga() {
  yield all([fork(authSaga), fork(preferencesSaga), ...resourceSagas.map((saga) => fork(saga))]);
}
