#ifndef VOICEGUIDE_CMECAB_SHIM_H
#define VOICEGUIDE_CMECAB_SHIM_H
#include <mecab.h>
#endif
