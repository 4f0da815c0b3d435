// What a call throws, as text: for tests that compare messages (an operator's with its shape
// function's, a name printed the same wherever it is cut).
#pragma once
#include <exception>
#include <string>

// The message of the exception f() throws ("" if it throws none).
template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}
